import { readFileSync } from 'node:fs';

/** The package version, read once from the repository's package.json. */
export const VERSION: string = (() => {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'version' in parsed) {
      const version = (parsed as { version: unknown }).version;
      if (typeof version === 'string') return version;
    }
  } catch {
    // A missing package.json (unusual packaging) must not stop the server.
  }
  return '0.0.0';
})();
