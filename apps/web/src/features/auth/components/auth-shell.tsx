import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Logo } from '@/components/layout/logo';
import { useCafeStatus } from '@/api/cafe-status';

/** The frame of the sign-in and registration screens: a welcome logo over a centred card. */
export function AuthShell({ children }: { children: ReactNode }) {
  const { _ } = useLingui();
  const barOpen = useCafeStatus().isBarOpen;
  return (
    // The language switch is the screen's banner; the welcome and the form are its main content.
    <div className="grid min-h-dvh place-items-center bg-[radial-gradient(circle_at_top,var(--accent-soft),var(--surface)_60%)] p-4 text-[var(--ink)]">
      <header className="fixed top-3 right-3">
        <LanguageSwitch />
      </header>
      <main id="main" className="w-full max-w-md space-y-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <Logo barOpen={barOpen} className="h-20 w-20 drop-shadow-md" />
          <p className="text-sm font-semibold tracking-widest text-[var(--accent)] uppercase">
            {_('auth.shell.brand')}
          </p>
        </div>
        {children}
      </main>
    </div>
  );
}
