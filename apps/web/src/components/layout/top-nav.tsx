import { Trans, useLingui } from '@lingui/react';
import { LogIn } from 'lucide-react';
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
import { navItemsFor } from './nav-links';
import { SiteName, SiteSwitch } from './site-switch';

const BAR_CLASS =
  'sticky top-0 z-40 border-b border-[var(--border)] bg-[var(--surface-raised)]/95 text-[var(--ink)] backdrop-blur supports-[backdrop-filter]:bg-[var(--surface-raised)]/85';

/**
 * From which width the whole bar (links, site switch, greeting, Profile, language, Logout) is
 * shown; below it the links and the rest move into the hamburger menu, so nothing overlaps at any
 * width (e2e/top-bar.spec.ts). `links` counts More as one. Three links (user) fit from 1024 px;
 * six to eight (barista; admin: seven and More) with the greeting and Logout need about 1500 px,
 * from 1536; any with the site switch of a company of several sites needs more, from 1800.
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
        <nav aria-label={_('common.nav.main')} className={cn('hidden shrink-0', show.block)}>
          <ul className="flex items-center gap-0.5">
            {barItems.map((item) => (
              <li key={item.to}>
                <NavLinkItem item={item} layout="bar" icon={show.linkIcons} />
              </li>
            ))}
            {moreItems.length > 0 ? (
              <li>
                <MoreLinks items={moreItems} />
              </li>
            ) : null}
          </ul>
        </nav>
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
