/**
 * The kiosk's layout: no sidebar, no header menus — one status line (title, rotation, freshness,
 * countdowns), the stale banner while refreshes fail, and the page over the full width. An
 * "Exit kiosk mode" button appears only when focused with the keyboard (like a skip link).
 */
import { Suspense, type ReactNode } from 'react';
import type { KioskMode } from '../../features/kiosk/kiosk-params';
import {
  KioskStaleBanner,
  KioskStatusBar,
  type KioskPosition,
} from '../../features/kiosk/kiosk-status-bar';
import type { WakeLockStatus } from '../../features/kiosk/screen-wake-lock';
import type { KioskRefresh } from '../../features/kiosk/use-kiosk-refresh';
import { exitKiosk } from '../../features/kiosk/use-kiosk-store';
import { PageSpinner } from '../../ui/spinner';
import { ErrorBoundary } from '../pages/error-boundary';

export interface KioskLayoutProps {
  title: string;
  mode: KioskMode;
  refresh: KioskRefresh;
  position?: KioskPosition | null;
  rotationKind?: 'tab' | 'view';
  rotateNextAt?: number | null;
  wakeLock?: WakeLockStatus;
  /** Changing it (the location) clears a caught error. */
  resetKey?: string;
  /** Changing it draws the page afresh (a new instance); the location unless the route says. */
  pageKey?: string;
  children: ReactNode;
}

export function KioskLayout({
  title,
  mode,
  refresh,
  position,
  rotationKind,
  rotateNextAt,
  wakeLock,
  resetKey,
  pageKey,
  children,
}: KioskLayoutProps) {
  return (
    <div className="flex h-full flex-col bg-bg" data-kiosk-layout={mode} data-wake-lock={wakeLock}>
      <button
        type="button"
        onClick={() => exitKiosk()}
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium text-link shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Exit kiosk mode
      </button>
      <section aria-label="Kiosk status" className="shrink-0">
        <KioskStatusBar
          title={title}
          position={position}
          rotationKind={rotationKind}
          rotateNextAt={rotateNextAt}
          refresh={refresh}
        />
        <KioskStaleBanner refresh={refresh} />
      </section>
      <main
        id="main-content"
        tabIndex={-1}
        className="min-h-0 flex-1 overflow-auto focus:outline-none"
      >
        <div className="w-full px-6 py-4">
          <ErrorBoundary inline key={pageKey ?? resetKey} resetKey={resetKey}>
            <Suspense fallback={<PageSpinner />}>{children}</Suspense>
          </ErrorBoundary>
        </div>
      </main>
    </div>
  );
}
