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

void loadRuntimeConfig(staticClient).then((config) => {
  initialiseTheme(config.theme);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
});
