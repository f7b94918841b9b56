import { AlertCircleIcon } from '../../ui/icon-base';
import { EmptyState } from '../../ui/empty-state';
import { Button } from '../../ui/button';

export const GENERIC_ERROR_MESSAGE = 'Sorry.. there was an error';

/** The generic error screen (spec doc 1 §2): unhandled errors and whoami failures. */
export function GenericErrorScreen({ detail, onRetry }: { detail?: string; onRetry?: () => void }) {
  return (
    <main className="flex min-h-full items-center justify-center bg-bg p-6">
      <div role="alert">
        <EmptyState
          headingLevel={1}
          icon={<AlertCircleIcon size={22} />}
          title={GENERIC_ERROR_MESSAGE}
          description={detail}
          actions={
            <Button variant="primary" onClick={onRetry ?? (() => window.location.reload())}>
              Try again
            </Button>
          }
        />
      </div>
    </main>
  );
}
