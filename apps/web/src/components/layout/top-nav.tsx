import { Trans, useLingui } from '@lingui/react';
import { LogIn } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCafeStatus } from '@/api/cafe-status';
import { useMe } from '@/api/me';
import { useHomeSite } from '@/api/sites';
import { logoPath, paths } from '@/lib/paths';
import { cn } from '@/lib/cn';
import { Greeting } from './greeting';
import { LanguageSwitch } from './language-switch';
import { LiveIndicator } from './live-indicator';
import { Logo } from './logo';
import { LogoutButton } from './logout-button';
import { MobileMenu } from './mobile-menu';
import { MoreLinks } from './more-links';
import { NavLinkItem } from './nav-link-item';
import { ProfileLink } from './profile-link';
import { navItemsFor, type NavItem } from './nav-links';
import { SiteName, SiteSwitch } from './site-switch';

const BAR_CLASS =
  'sticky top-0 z-40 border-b border-[var(--border)] bg-[var(--surface-raised)]/95 text-[var(--ink)] backdrop-blur supports-[backdrop-filter]:bg-[var(--surface-raised)]/85';

/**
 * From which width the whole bar (links, site switch, greeting, Profile, language, Logout) is
 * shown; below it the greeting, Profile, language and Logout are in the hamburger menu (which
 * lists every link too), so nothing overlaps at any width (e2e/top-bar.spec.ts). `links` counts
 * More as one. Three links (user) and the rest fit from 1024 px; six to eight (barista; admin:
 * seven and More) with the greeting and Logout need about 1500 px, from 1536; any with the site
 * switch of a company of several sites needs more, from 1800. The links themselves are in the bar
 * from 1024 px at every tier: as many as fit, the rest under More (BarLinks).
 */
function fullBarFrom(links: number, siteSwitch: boolean): 'lg' | '2xl' | '1800' {
  if (links <= 5) return 'lg';
  return siteSwitch || links > 8 ? '1800' : '2xl';
}

/**
 * Tailwind needs each class written whole. The widest bar also takes the whole width of the window
 * (the others stop at 1536 px) and shows its links without their icons.
 */
const FULL_BAR = {
  lg: { block: 'lg:block', inline: 'lg:inline-flex', hidden: 'lg:hidden', width: '', linkIcons: true },
  '2xl': { block: '2xl:block', inline: '2xl:inline-flex', hidden: '2xl:hidden', width: '', linkIcons: true },
  '1800': {
    block: 'min-[1800px]:block',
    inline: 'min-[1800px]:inline-flex',
    hidden: 'min-[1800px]:hidden',
    width: 'min-[1800px]:max-w-none',
    linkIcons: false,
  },
} as const;

/** The gap between the bar's links (Tailwind's gap-0.5). */
const LINK_GAP_PX = 2;

/** What More takes more when bold (the current page is under it) than when not. */
const MORE_BOLD_PX = 4;

/** From this width the bar's links show their icons (NavLinkItem: Tailwind's xl). */
const ICONS_FROM = '(min-width: 80rem)';

/**
 * How many links fit in `room` px, in the list's order, with More after them when any are left
 * over (or the list has items for More anyway).
 */
function linksThatFit(widths: readonly number[], more: number, room: number, moreAnyway: boolean): number {
  let used = 0;
  let shown = 0;
  for (const [index, width] of widths.entries()) {
    const next = used + (index > 0 ? LINK_GAP_PX : 0) + width;
    const restLeft = index + 1 < widths.length || moreAnyway;
    if (next + (restLeft ? LINK_GAP_PX + more : 0) > room) break;
    used = next;
    shown = index + 1;
  }
  return shown;
}

/**
 * The bar's links from 1024 px (issue 62: an admin at 1280 px had only the menu): as many as fit,
 * in the list's order, and the rest with the occasional tools under More. Below 1024 px the
 * hamburger menu has them all. What each link takes is measured on the links themselves, drawn
 * all and bold (as the current page's link is) for one frame before the screen shows it, so the
 * same links stay inline from page to page; again whenever their words (the language) or their
 * icons change. The nav's width is followed as it changes.
 */
function BarLinks({ barItems, moreItems, icons }: { barItems: NavItem[]; moreItems: NavItem[]; icons: boolean }) {
  const { _ } = useLingui();
  const nav = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [room, setRoom] = useState({ width: 0, wide: false });
  const [measured, setMeasured] = useState<{ key: string; widths: number[]; more: number } | null>(null);
  const key = [...barItems.map((item) => `${item.to} ${_(item.label)}`), _('common.nav.more'), icons, room.wide].join(
    '|',
  );
  const measuring = measured?.key !== key;

  useLayoutEffect(() => {
    const box = nav.current;
    if (!box) return;
    const follow = () =>
      setRoom({ width: box.clientWidth, wide: typeof matchMedia === 'function' && matchMedia(ICONS_FROM).matches });
    follow();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(follow);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    // Hidden (below 1024 px) it has no width: measured once it shows.
    if (!measuring || room.width === 0 || !list.current) return;
    const widths = [...list.current.children].map((child) => child.getBoundingClientRect().width);
    // More is bold too when the current page is one of its links.
    const more = (widths.pop() ?? 0) + MORE_BOLD_PX;
    setMeasured({ key, widths, more });
  }, [measuring, key, room.width]);

  const fit =
    measuring || !measured || room.width === 0
      ? barItems.length
      : linksThatFit(measured.widths, measured.more, room.width, moreItems.length > 0);
  const under = [...barItems.slice(fit), ...moreItems];
  return (
    <nav ref={nav} aria-label={_('common.nav.main')} className="hidden min-w-0 flex-1 lg:block">
      <ul ref={list} className="flex items-center gap-0.5">
        {barItems.slice(0, fit).map((item) => (
          <li key={item.to}>
            <NavLinkItem item={item} layout="bar" icon={icons} className={measuring ? 'font-semibold' : undefined} />
          </li>
        ))}
        {/* While measuring, More is there too (it is the last one measured). */}
        {under.length > 0 || measuring ? (
          <li>
            <MoreLinks items={under} />
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The top navigation bar: logo, links by role, "Hi," with the name and Logout; a minimal one for visitors. */
export function TopNav() {
  const { _ } = useLingui();
  const me = useMe();
  const venue = useCafeStatus();
  const { several } = useHomeSite();

  if (!me) {
    return (
      <header className={BAR_CLASS}>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <Link
            to={paths.home}
            className="flex items-center gap-2 rounded-xl font-semibold"
            aria-label={_('common.nav.home')}
          >
            <Logo barOpen={venue.isBarOpen} className="h-11 w-11" />
            <span aria-hidden="true" className="hidden sm:inline">
              {_('common.nav.brand')}
            </span>
          </Link>
          <div className="flex items-center gap-2">
            <LiveIndicator />
            <LanguageSwitch />
            <Link to={paths.login} className="btn-primary">
              <LogIn aria-hidden="true" className="h-4 w-4" />
              {_('common.nav.login')}
            </Link>
          </div>
        </div>
      </header>
    );
  }

  // One list feeds the bar (inline, and under More) and the hamburger menu: no link is in one only.
  const items = navItemsFor(me.role, venue);
  const barItems = items.filter((item) => !item.more);
  const moreItems = items.filter((item) => item.more);
  const barSlots = barItems.length + (moreItems.length > 0 ? 1 : 0);
  const show = FULL_BAR[fullBarFrom(barSlots, me.role !== 'barista' && several)];
  return (
    <header className={BAR_CLASS}>
      <div className={cn('mx-auto flex h-16 max-w-screen-2xl items-center gap-2 px-4', show.width)}>
        <Link to={logoPath(me.role, venue)} className="shrink-0 rounded-xl" aria-label={_('common.nav.home')}>
          <Logo barOpen={venue.isBarOpen} className="h-11 w-11" />
        </Link>
        <BarLinks barItems={barItems} moreItems={moreItems} icons={show.linkIcons} />
        <div className="ml-auto flex min-w-0 items-center gap-1">
          <LiveIndicator />
          <div className={cn('flex min-w-0 flex-col', show.hidden)}>
            <p className="min-w-0 truncate" data-testid="greeting-compact">
              <Trans
                id="common.greeting.hi"
                values={{ name: me.name }}
                components={{ 0: <span className="font-semibold" /> }}
              />
            </p>
            <SiteName />
          </div>
          <SiteSwitch className={cn('hidden', show.block)} />
          <div className={cn('hidden min-w-0', show.block)}>
            <Greeting layout="bar" />
          </div>
          <ProfileLink layout="bar" className={cn('hidden', show.inline)} />
          <LanguageSwitch className={cn('hidden', show.inline)} />
          <LogoutButton className={cn('hidden', show.inline)} />
          <MobileMenu items={items} className={show.hidden} />
        </div>
      </div>
    </header>
  );
}
