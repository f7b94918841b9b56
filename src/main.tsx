/**
 * Start-up: apply the stored theme before anything renders (no flash; the server's CSP allows no
 * inline script), read config.json (defaults on failure), then render the console, or the light
 * sign-in app when the first page is a sign-in page of the own login (public-app.tsx).
 *
 * The sign-in app is part of this entry (a few KB, and what the console shares with it lives
 * here once); the console is its own chunk, fetched beside config.json unless the address is a
 * sign-in page, so that neither waits for the other.
 */
import './styles/console.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/client';
import { loadRuntimeConfig } from './api/runtime-config';
import type { RuntimeConfig } from './api/types';
import { PublicApp } from './app/public-app';
import { hasSignInPage } from './app/sign-in-routes';
import { isSignInPath } from './app/sign-in-paths';
import { applyTheme, initialiseTheme, readStoredTheme } from './app/theme';

applyTheme(readStoredTheme() ?? 'system');

let consoleApp: Promise<typeof import('./app/app')> | undefined;
const loadConsole = () => (consoleApp ??= import('./app/app'));

const signInFirst = isSignInPath(window.location.pathname);
// The render's own import below reports a failure.
if (!signInFirst) loadConsole().catch(() => undefined);

async function rootElement(config: RuntimeConfig): Promise<ReactNode> {
  if (signInFirst && hasSignInPage(config, window.location.pathname)) {
    return <PublicApp config={config} />;
  }
  // The hosted variant's client wiring (and the OIDC library behind it) loads only where it is
  // used, so the own-login console's first load does not carry it (docs/performance.md).
  const [{ App }, hosted] = await Promise.all([
    loadConsole(),
    config.auth === 'oidc' && !config.healthOnly ? import('./app/hosted/hosted-client') : undefined,
  ]);
  return <App config={config} hostedClientOptions={hosted?.hostedClientOptions} />;
}

// config.json sits next to index.html: fetched relative to the app's base path.
const staticClient = createApiClient({ baseUrl: import.meta.env.BASE_URL.replace(/\/+$/, '') });

void loadRuntimeConfig(staticClient).then(async (config) => {
  initialiseTheme(config.theme);
  const element = await rootElement(config);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(<StrictMode>{element}</StrictMode>);
});
