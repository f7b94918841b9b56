/**
 * Start-up: apply the stored theme before anything renders (no flash; the server's CSP allows no
 * inline script), read config.json (defaults on failure), then render the console.
 */
import './styles/console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/client';
import { loadRuntimeConfig } from './api/runtime-config';
import { App } from './app/app';
import { applyTheme, initialiseTheme, readStoredTheme } from './app/theme';

applyTheme(readStoredTheme() ?? 'system');

// config.json sits next to index.html: fetched relative to the app's base path.
const staticClient = createApiClient({ baseUrl: import.meta.env.BASE_URL.replace(/\/+$/, '') });

void loadRuntimeConfig(staticClient).then(async (config) => {
  initialiseTheme(config.theme);
  // The hosted variant's client wiring (and the OIDC library behind it) loads only where it is
  // used, so the own-login console's first load does not carry it (docs/performance.md).
  const hosted =
    config.auth === 'oidc' && !config.healthOnly
      ? await import('./app/hosted/hosted-client')
      : undefined;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App config={config} hostedClientOptions={hosted?.hostedClientOptions} />
    </StrictMode>,
  );
});
