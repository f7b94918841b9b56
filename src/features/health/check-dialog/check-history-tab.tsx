/**
 * History tab: the check's runs in the range (the shared `CheckHistory` view from
 * src/entities/check), fetched through `/db/check_statuses` with `Prefer: count=exact`.
 */
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import { checkQueries } from '../../../api/checks';
import { errorMessage } from '../../../api/client';
import { CheckHistory, useCheckHistoryControls } from '../../../entities/check/check-history';

export interface CheckHistoryTabProps {
  checkId: string;
  timeRange: string;
}

export function CheckHistoryTab({ checkId, timeRange }: CheckHistoryTabProps) {
  const client = useApiClient();
  const controls = useCheckHistoryControls(checkId, timeRange);
  const history = useQuery(checkQueries.statuses(client, controls.params));
  return (
    <CheckHistory
      className="pt-3"
      controls={controls}
      page={history.data}
      isLoading={history.isPending}
      error={history.isError ? errorMessage(history.error) : undefined}
      onRetry={() => void history.refetch()}
    />
  );
}
