import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { useCafeStatus } from '@/api/cafe-status';
import { useMe } from '@/api/me';
import { bottomItemsFor, type NavItem } from './nav-links';

/** Scrolling down hides the big centre button; scrolling up brings it back. */
function useScrollingDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const handleScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < 6) return;
      setDown(y > last && y > 40);
      last = y;
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);
  return down;
}

function SideLink({ item }: { item: NavItem }) {
  const { _ } = useLingui();
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      className="group flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl text-xs font-medium text-[var(--accent-ink)]"
    >
      {/* The current page is marked by a pill behind the icon (full-strength text either way, for contrast). */}
      <span
        aria-hidden="true"
        className="grid h-7 w-12 place-items-center rounded-full transition-colors group-hover:bg-black/10 group-aria-[current=page]:bg-[var(--accent-strong)] group-aria-[current=page]:shadow-inner"
      >
        <Icon className="h-6 w-6" />
      </span>
      <span className="group-aria-[current=page]:font-semibold">{_(item.label)}</span>
    </NavLink>
  );
}

/**
 * The bottom bar, on small screens only: history, a large centre menu button that
 * shrinks away while scrolling down, and the current order status. It takes the venue's colours.
 */
export function BottomNav() {
  const { _ } = useLingui();
  const me = useMe();
  const venue = useCafeStatus();
  const scrollingDown = useScrollingDown();
  if (!me || me.role === 'barista') return null;
  const { history, menu, status } = bottomItemsFor(me.role, venue);
  const MenuIcon = menu.icon;
  return (
    <nav
      aria-label={_('common.nav.quickLinks')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-[var(--accent-strong)] bg-[var(--accent)] pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <div className="mx-auto flex h-16 max-w-md items-stretch px-4">
        <SideLink item={history} />
        <div className="relative flex w-24 shrink-0 justify-center">
          <NavLink
            to={menu.to}
            aria-label={_(menu.label)}
            className={cn(
              'absolute -top-7 grid h-20 w-20 place-items-center rounded-full border-4 border-[var(--surface)] bg-[var(--accent-strong)] text-[var(--accent-ink)] shadow-lg transition-all duration-300',
              scrollingDown && 'pointer-events-none translate-y-6 scale-50 opacity-0',
            )}
            tabIndex={scrollingDown ? -1 : undefined}
            aria-hidden={scrollingDown || undefined}
          >
            <MenuIcon aria-hidden="true" className="h-9 w-9" />
          </NavLink>
        </div>
        <SideLink item={status} />
      </div>
    </nav>
  );
}
