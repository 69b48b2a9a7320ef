import { Outlet } from 'react-router';
import { cn } from '@/lib/cn';
import { useMe } from '@/api/me';
import { BottomNav } from './bottom-nav';
import { TopNav } from './top-nav';
import { WeeklyBarBanner } from './weekly-bar-banner';

/** Page frame: skip link, top bar, the screen, and the mobile bottom bar for customers. */
export function AppLayout() {
  const me = useMe();
  const hasBottomBar = me !== null && me.role !== 'barista';
  return (
    <div className="flex min-h-dvh flex-col bg-[var(--surface)] text-[var(--ink)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-xl bg-[var(--accent)] px-4 py-2 font-semibold text-[var(--accent-ink)] focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <WeeklyBarBanner />
      <TopNav />
      <main
        id="main"
        tabIndex={-1}
        className={cn('mx-auto w-full max-w-6xl flex-1 p-4 focus:outline-none', hasBottomBar && 'pb-28 md:pb-6')}
      >
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
