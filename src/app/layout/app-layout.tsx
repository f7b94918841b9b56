/** The shell: skip link, sidebar (nav), header (with the page's h1) and the main landmark. */
import { Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../../ui/spinner';
import { ErrorBoundary } from '../pages/error-boundary';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';

export function AppLayout({
  title,
  children,
  minimal = false,
  resetKey,
  pageKey,
}: {
  title: string;
  children: ReactNode;
  /** Health-only mode: no sidebar or user menus. */
  minimal?: boolean;
  /** Changing it (the location) clears a caught error. */
  resetKey?: string;
  /** Changing it draws the page afresh (a new instance); the location unless the route says. */
  pageKey?: string;
}) {
  return (
    <div className="flex h-full bg-bg">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium text-link shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {minimal ? null : <AppSidebar />}
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader title={title} minimal={minimal} />
        <main
          id="main-content"
          tabIndex={-1}
          className="min-h-0 flex-1 overflow-auto focus:outline-none"
        >
          <div className="mx-auto w-full max-w-screen-2xl p-4 sm:p-6">
            <ErrorBoundary inline key={pageKey ?? resetKey} resetKey={resetKey}>
              <Suspense fallback={<PageSpinner />}>{children}</Suspense>
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </div>
  );
}
