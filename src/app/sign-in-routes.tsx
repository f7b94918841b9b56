/**
 * The sign-in pages as routes, for the console's router (app-router.tsx) and for the light
 * sign-in app (public-app.tsx): one list, so both render the same pages. The own login has five
 * (Kratos flows); hosted sign-in (`auth: oidc`, docs/hosted-oidc.md) has its /login only, and
 * its other paths redirect to `/`, as do all five where there is no sign-in (health-only, `none`).
 */
import { Suspense } from 'react';
import { Redirect, Route } from 'wouter';
import { PageSpinner } from '../ui/spinner';
import { lazyPage, type LazyPage } from './lazy-page';
import type { RuntimeConfig } from '../api/types';
import { paths } from './paths';
import type { SignInPath } from './sign-in-paths';

const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const RegistrationPage = lazyPage(
  () => import('../features/auth/registration-page'),
  'RegistrationPage',
);
const RecoveryPage = lazyPage(() => import('../features/auth/recovery-page'), 'RecoveryPage');
const VerificationPage = lazyPage(
  () => import('../features/auth/verification-page'),
  'VerificationPage',
);
const AcceptInvitePage = lazyPage(
  () => import('../features/auth/accept-invite-page'),
  'AcceptInvitePage',
);

const HostedLoginPage = lazyPage(
  () => import('../features/hosted/hosted-login-page'),
  'HostedLoginPage',
);

const SIGN_IN_PAGES: Record<SignInPath, LazyPage> = {
  '/login': LoginPage,
  '/registration': RegistrationPage,
  '/recovery': RecoveryPage,
  '/verification': VerificationPage,
  '/invite': AcceptInvitePage,
};

/** The page at a sign-in path for this deployment, if it has one there. */
function signInPage(config: RuntimeConfig, path: SignInPath): LazyPage | undefined {
  if (config.healthOnly) return undefined;
  if (config.auth === 'basic') return SIGN_IN_PAGES[path];
  return config.auth === 'oidc' && path === '/login' ? HostedLoginPage : undefined;
}

/** The sign-in routes, to place inside a `<Switch>`. */
export function signInRoutes(config: RuntimeConfig) {
  return (Object.keys(SIGN_IN_PAGES) as SignInPath[]).map((path) => {
    const Page = signInPage(config, path);
    return (
      <Route key={path} path={path}>
        {Page ? (
          <Suspense fallback={<PageSpinner />}>
            <Page />
          </Suspense>
        ) : (
          <Redirect to={paths.root()} replace />
        )}
      </Route>
    );
  });
}

/** Whether the light sign-in app can serve this path for this deployment (main.tsx). */
export function hasSignInPage(config: RuntimeConfig, pathname: string): boolean {
  return (
    (Object.keys(SIGN_IN_PAGES) as string[]).includes(pathname) &&
    signInPage(config, pathname as SignInPath) !== undefined
  );
}
