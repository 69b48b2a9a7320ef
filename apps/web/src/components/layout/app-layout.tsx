import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { useMe } from '@/api/me';
import { EmailConfirmationBanner } from '@/components/email-confirmation-banner';
import { BottomNav } from './bottom-nav';
import { TopNav } from './top-nav';
import { WeeklyBarBanner } from './weekly-bar-banner';

/** Page frame: skip link, top bar, the screen, and the mobile bottom bar for customers. */
export function AppLayout() {
  const { _ } = useLingui();
  const me = useMe();
  const hasBottomBar = me !== null && me.role !== 'barista';
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    // Another screen: the focus, left on a control of the old one that is gone now (a menu item,
    // a dialog's button), would fall back to the top of the page. It goes to the new screen.
    const active = document.activeElement;
    if (active === null || active === document.body) main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col bg-[var(--surface)] text-[var(--ink)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-xl bg-[var(--accent)] px-4 py-2 font-semibold text-[var(--accent-ink)] focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {_('common.layout.skip')}
      </a>
      <WeeklyBarBanner />
      <TopNav />
      <main
        ref={main}
        id="main"
        tabIndex={-1}
        className={cn('mx-auto w-full max-w-6xl flex-1 p-4 focus:outline-none', hasBottomBar && 'pb-28 md:pb-6')}
      >
        <EmailConfirmationBanner />
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
