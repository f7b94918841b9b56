/** An honest placeholder for screens that later releases build. */
import { Link } from 'wouter';
import { buttonClasses } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ClockIcon } from '../../ui/icons';
import { paths } from '../paths';
import { useCurrentRoute } from '../current-route';

export function ComingSoonPage() {
  const route = useCurrentRoute();
  const title = route?.title ?? 'This page';
  return (
    <EmptyState
      icon={<ClockIcon size={22} />}
      title={`${title} is coming in a later release`}
      description="This part of Vigil is not built yet. Health checks are available now."
      actions={
        <Link href={paths.health()} className={buttonClasses('primary')}>
          Open Health
        </Link>
      }
    />
  );
}
