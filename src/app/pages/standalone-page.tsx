/** A centred card page outside the app layout (error pages, sign-in helpers). */
import type { ReactNode } from 'react';
import { Logo } from '../../ui/logo';

export function StandalonePage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 bg-bg p-6">
      <Logo size={36} withWordmark className="text-fg" />
      <div className="w-full max-w-md rounded-xl border border-border bg-surface p-8 text-center shadow-md">
        {children}
      </div>
    </main>
  );
}
