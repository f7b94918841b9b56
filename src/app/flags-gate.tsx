/**
 * Routes render only after the feature flags (`GET /properties`) have loaded (spec doc 1 §2).
 * If they cannot be loaded, the console continues with every feature enabled and says so.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useApiClient } from '../api/api-context';
import { errorMessage } from '../api/client';
import { propertyQueries } from '../api/properties';
import { disabledFeatureNames } from '../rbac/flags';
import { FlagsProvider } from '../rbac/flags-context';
import { PageSpinner } from '../ui/spinner';
import { toast } from '../ui/toast';

export function FlagsGate({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const flags = useQuery(propertyQueries.list(client));
  const disabled = useMemo(() => disabledFeatureNames(flags.data ?? []), [flags.data]);
  useEffect(() => {
    if (flags.isError)
      toast.error(`Feature flags could not be loaded: ${errorMessage(flags.error)}`);
  }, [flags.isError, flags.error]);
  if (flags.isPending) return <PageSpinner label="Loading" />;
  return <FlagsProvider disabled={disabled}>{children}</FlagsProvider>;
}
