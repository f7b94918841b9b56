import { hostedSignOutUrl } from '../../api/hosted-auth';
import type { RuntimeConfig } from '../../api/types';

/** Sign out of the hosted variant: tokens dropped here, then the provider's end-session page. */
export async function signOutHosted(config: RuntimeConfig): Promise<void> {
  window.location.assign(config.oidc ? await hostedSignOutUrl(config.oidc) : '/login');
}
