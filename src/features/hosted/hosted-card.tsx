/** The centred card of the hosted sign-in screens: the same look as `/login`, light and dark. */
import type { ReactNode } from 'react';
import { Logo } from '../../ui/logo';

export function HostedCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 bg-bg p-6">
      <Logo size={36} withWordmark className="text-fg" />
      <div className="w-full max-w-md rounded-xl border border-border bg-surface p-8 shadow-md">
        <h1 className="text-center text-lg font-semibold text-fg">{title}</h1>
        {children}
      </div>
    </main>
  );
}
