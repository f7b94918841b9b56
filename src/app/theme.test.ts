import { beforeEach, describe, expect, it } from 'vitest';
import { initialiseTheme, readStoredTheme, THEME_STORAGE_KEY, useThemeStore } from './theme';

describe('theme', () => {
  beforeEach(() => localStorage.clear());

  it('persists the choice and sets data-theme', () => {
    useThemeStore.getState().setPreference('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    useThemeStore.getState().setPreference('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('defaults to system, or the deployment default, when nothing is stored', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme()).toBeNull();
    initialiseTheme(undefined);
    expect(useThemeStore.getState().preference).toBe('system');
    initialiseTheme('dark');
    expect(useThemeStore.getState().preference).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    initialiseTheme('dark');
    expect(useThemeStore.getState().preference).toBe('light');
  });
});
