/**
 * Keeps the screen awake on a kiosk (Screen Wake Lock API). The browser releases the lock when the
 * page is hidden; it is requested again when the page shows. Without the API (older browsers,
 * insecure origins) or when the request is refused, nothing happens and nothing is shown.
 */
import { useEffect, useState } from 'react';

export type WakeLockStatus = 'unsupported' | 'pending' | 'active' | 'released' | 'refused';

/** The parts of `navigator.wakeLock` used here (tests pass a stub). */
export interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}
export interface WakeLockSentinelLike {
  readonly released?: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}

export interface WakeLockKeeperOptions {
  wakeLock?: WakeLockLike | undefined;
  documentTarget?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  onStatus?: (status: WakeLockStatus) => void;
}

export interface WakeLockKeeper {
  start(): void;
  stop(): void;
  readonly status: WakeLockStatus;
}

function defaultWakeLock(): WakeLockLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const candidate = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
  return candidate && typeof candidate.request === 'function' ? candidate : undefined;
}

export function createWakeLockKeeper({
  wakeLock = defaultWakeLock(),
  documentTarget = typeof document === 'undefined' ? undefined : document,
  onStatus,
}: WakeLockKeeperOptions = {}): WakeLockKeeper {
  let status: WakeLockStatus = wakeLock ? 'released' : 'unsupported';
  let sentinel: WakeLockSentinelLike | null = null;
  let running = false;
  let requesting = false;

  const setStatus = (next: WakeLockStatus) => {
    if (next === status) return;
    status = next;
    onStatus?.(next);
  };

  async function acquire() {
    if (!wakeLock || !running || requesting || sentinel) return;
    if (documentTarget?.visibilityState === 'hidden') return;
    requesting = true;
    setStatus('pending');
    try {
      const lock = await wakeLock.request('screen');
      if (!running) {
        void lock.release().catch(() => undefined);
        return;
      }
      sentinel = lock;
      lock.addEventListener('release', () => {
        if (sentinel !== lock) return;
        sentinel = null;
        if (running) setStatus('released');
      });
      setStatus('active');
    } catch {
      // Refused (no user activation, battery saver, a policy): the kiosk works without it.
      setStatus('refused');
    } finally {
      requesting = false;
    }
  }

  const onVisibilityChange = () => {
    if (documentTarget?.visibilityState === 'visible') void acquire();
  };

  return {
    start() {
      if (running || !wakeLock) return;
      running = true;
      documentTarget?.addEventListener('visibilitychange', onVisibilityChange);
      void acquire();
    },
    stop() {
      if (!running) return;
      running = false;
      documentTarget?.removeEventListener('visibilitychange', onVisibilityChange);
      const lock = sentinel;
      sentinel = null;
      if (lock) void lock.release().catch(() => undefined);
      setStatus('released');
    },
    get status() {
      return status;
    },
  };
}

/** Hold the screen wake lock while `enabled`; returns the lock's status (for diagnostics only). */
export function useScreenWakeLock(enabled: boolean, wakeLock?: WakeLockLike): WakeLockStatus {
  const [status, setStatus] = useState<WakeLockStatus>(() =>
    (wakeLock ?? defaultWakeLock()) ? 'released' : 'unsupported',
  );
  useEffect(() => {
    if (!enabled) return;
    const keeper = createWakeLockKeeper({
      ...(wakeLock ? { wakeLock } : {}),
      onStatus: setStatus,
    });
    keeper.start();
    return () => keeper.stop();
  }, [enabled, wakeLock]);
  return status;
}
