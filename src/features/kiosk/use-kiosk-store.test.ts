import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exitKiosk, initKioskFromUrl, KIOSK_STORAGE_KEY, useKioskStore } from './use-kiosk-store';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('kiosk store', () => {
  beforeEach(() => useKioskStore.setState({ settings: null }));

  it('starts from the URL and keeps the kiosk parameters for the session', () => {
    const storage = memoryStorage();
    const settings = initKioskFromUrl('?tabBy=agent_id&kiosk=tv&refresh=1m', storage);
    expect(settings).toMatchObject({ mode: 'tv', refreshMs: 60_000 });
    expect(useKioskStore.getState().settings).toBe(settings);
    expect(storage.values.get(KIOSK_STORAGE_KEY)).toBe('kiosk=tv&refresh=1m');

    // Later loads in the same tab without the parameters (a rotated view, a reload) keep it.
    useKioskStore.setState({ settings: null });
    expect(initKioskFromUrl('?layout=card', storage)).toMatchObject({
      mode: 'tv',
      refreshMs: 60_000,
    });
  });

  it('is off without parameters and nothing stored, and kiosk=0 forgets it', () => {
    const storage = memoryStorage();
    expect(initKioskFromUrl('', storage)).toBeNull();
    initKioskFromUrl('?kiosk', storage);
    expect(initKioskFromUrl('?kiosk=0', storage)).toBeNull();
    expect(storage.values.has(KIOSK_STORAGE_KEY)).toBe(false);
    expect(initKioskFromUrl('', storage)).toBeNull();
  });

  it('works without storage, and when storage refuses to write', () => {
    expect(initKioskFromUrl('?kiosk', undefined)).toMatchObject({ mode: 'standard' });
    const refusing = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(initKioskFromUrl('?kiosk=tv', refusing)).toMatchObject({ mode: 'tv' });
  });

  it('leaves kiosk mode with a full load of the page without the kiosk parameters', () => {
    const storage = memoryStorage();
    initKioskFromUrl('?kiosk', storage);
    const assign = vi.fn();
    exitKiosk({ pathname: '/health', search: '?kiosk=tv&tab=prod&rotate=1m', assign }, storage);
    expect(assign).toHaveBeenCalledWith('/health?tab=prod&kiosk=0');
    expect(storage.values.has(KIOSK_STORAGE_KEY)).toBe(false);
    expect(useKioskStore.getState().settings).toBeNull();
  });
});
