/**
 * Light/dark theme: `data-theme` on <html>, preference persisted in localStorage (`vigil-theme`),
 * default "system". Applied in main.tsx before the first render so there is no flash.
 */
import { useEffect } from 'react';
import { create } from 'zustand';

export type ThemePreference = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'vigil-theme';

function isPreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function readStoredTheme(): ThemePreference | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isPreference(value) ? value : null;
  } catch {
    return null;
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function resolveTheme(preference: ThemePreference): 'light' | 'dark' {
  if (preference === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return preference;
}

export function applyTheme(preference: ThemePreference): void {
  document.documentElement.dataset.theme = resolveTheme(preference);
}

interface ThemeState {
  preference: ThemePreference;
  setPreference(preference: ThemePreference): void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  preference: readStoredTheme() ?? 'system',
  setPreference(preference) {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, preference);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    applyTheme(preference);
    set({ preference });
  },
}));

/** Use the deployment's default (`config.theme`) when the user has not chosen yet. */
export function initialiseTheme(configDefault?: 'light' | 'dark' | 'auto'): void {
  const stored = readStoredTheme();
  const preference: ThemePreference =
    stored ?? (configDefault === 'light' || configDefault === 'dark' ? configDefault : 'system');
  useThemeStore.setState({ preference });
  applyTheme(preference);
}

/**
 * Use `preference` for this page only, without storing it (a kiosk's `theme` parameter must not
 * change the choice the user made in the user menu).
 */
export function applyThemeForPage(preference: ThemePreference): void {
  useThemeStore.setState({ preference });
  applyTheme(preference);
}

/** While the preference is "system", follow the operating system's light/dark changes. */
export function useSystemThemeSync(): void {
  const preference = useThemeStore((state) => state.preference);
  useEffect(() => {
    if (preference !== 'system' || typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [preference]);
}
