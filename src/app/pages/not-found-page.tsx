import { Link } from 'wouter';
import { buttonClasses } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { SearchIcon } from '../../ui/icons';
import { paths } from '../paths';

export function NotFoundPage() {
  return (
    <EmptyState
      icon={<SearchIcon size={22} />}
      title="This page does not exist"
      description="The address may be mistyped, or the page may have moved."
      actions={
        <Link href={paths.health()} className={buttonClasses('primary')}>
          Go to Health
        </Link>
      }
    />
  );
}
