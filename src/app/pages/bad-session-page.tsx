import { Link, useSearch } from 'wouter';
import { useRuntimeConfig } from '../../api/api-context';
import { Button, buttonClasses } from '../../ui/button';
import { paths } from '../paths';
import { StandalonePage } from './standalone-page';

export const BAD_SESSION_MESSAGE =
  'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.';

/** `/error?error_code=`: BAD_SESSION has its own message; anything else is 'Unknown error'. */
export function BadSessionPage() {
  const code = new URLSearchParams(useSearch()).get('error_code');
  const config = useRuntimeConfig();
  return (
    <StandalonePage>
      <h1 className="text-lg font-semibold text-fg">
        {code === 'BAD_SESSION' ? 'Session error' : 'Error'}
      </h1>
      <p role="alert" className="mt-3 text-sm text-fg-muted">
        {code === 'BAD_SESSION' ? BAD_SESSION_MESSAGE : 'Unknown error'}
      </p>
      <Link href={paths.root()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Go back
      </Link>
      {/* Hosted variant (spec doc 1 §2): the organisation switcher and the user's sign-out. */}
      {config.auth === 'oidc' ? (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Link href={paths.organizations()} className={buttonClasses('secondary')}>
            Switch organization
          </Link>
          <Button
            variant="ghost"
            onClick={() =>
              // Loaded on use: the hosted sign-out (and its OIDC library) stays out of the entry.
              void import('../../features/hosted/hosted-sign-out').then((module) =>
                module.signOutHosted(config),
              )
            }
          >
            Sign out
          </Button>
        </div>
      ) : null}
    </StandalonePage>
  );
}
