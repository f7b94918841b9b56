/** The Dashboard route (`/` redirects here): topology is not built yet, so say so honestly. */
import { Link } from 'wouter';
import { buttonClasses } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { DashboardIcon } from '../../ui/icons';

export function TopologyPage() {
  return (
    <EmptyState
      icon={<DashboardIcon size={22} />}
      title="Topology is not available yet"
      description="The topology dashboard arrives in a later release. Meanwhile, the Health page shows every check and its status."
      actions={
        <Link href="/health" className={buttonClasses('primary')}>
          Go to Health
        </Link>
      }
    />
  );
}
