import { Trans, useLingui } from '@lingui/react';
import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { useCafeStatus } from '@/api/cafe-status';
import { useMe } from '@/api/me';
import { logoPath, paths } from '@/lib/paths';
import { cn } from '@/lib/cn';
import { Greeting } from './greeting';
import { LanguageSwitch } from './language-switch';
import { LiveIndicator } from './live-indicator';
import { Logo } from './logo';
import { LogoutButton } from './logout-button';
import { MobileMenu } from './mobile-menu';
import { NavLinkItem } from './nav-link-item';
import { navItemsFor } from './nav-links';
import { SiteName, SiteSwitch } from './site-switch';

const BAR_CLASS =
  'sticky top-0 z-40 border-b border-[var(--border)] bg-[var(--surface-raised)]/95 text-[var(--ink)] backdrop-blur supports-[backdrop-filter]:bg-[var(--surface-raised)]/85';

/** The top navigation bar (SPEC "Top navigation bar"), by role; a minimal one for visitors. */
export function TopNav() {
  const { _ } = useLingui();
  const me = useMe();
  const venue = useCafeStatus();

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

  const items = navItemsFor(me.role, venue);
  // Six links (admin, barista) with the greeting and Logout need about 1450 px: below 1536 px
  // they move into the hamburger menu, so nothing overlaps at any width (e2e/top-bar.spec.ts).
  // Three links (user) fit from 1024 px.
  const wide = items.length > 5;
  return (
    <header className={BAR_CLASS}>
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-2 px-4">
        <Link to={logoPath(me.role, venue)} className="shrink-0 rounded-xl" aria-label={_('common.nav.home')}>
          <Logo barOpen={venue.isBarOpen} className="h-11 w-11" />
        </Link>
        <nav aria-label={_('common.nav.main')} className={cn('hidden shrink-0', wide ? '2xl:block' : 'lg:block')}>
          <ul className="flex items-center gap-0.5">
            {items.map((item) => (
              <li key={item.to}>
                <NavLinkItem item={item} layout="bar" />
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1">
          <LiveIndicator />
          <div className={cn('flex min-w-0 flex-col', wide ? '2xl:hidden' : 'lg:hidden')}>
            <p className="min-w-0 truncate" data-testid="greeting-compact">
              <Trans
                id="common.greeting.hi"
                values={{ name: me.name }}
                components={{ 0: <span className="font-semibold" /> }}
              />
            </p>
            <SiteName />
          </div>
          <SiteSwitch className={cn('hidden', wide ? '2xl:block' : 'lg:block')} />
          <div className={cn('hidden min-w-0', wide ? '2xl:block' : 'lg:block')}>
            <Greeting layout="bar" />
          </div>
          <LanguageSwitch className={cn('hidden', wide ? '2xl:inline-flex' : 'lg:inline-flex')} />
          <LogoutButton className={cn('hidden', wide ? '2xl:inline-flex' : 'lg:inline-flex')} />
          <MobileMenu items={items} className={wide ? '2xl:hidden' : 'lg:hidden'} />
        </div>
      </div>
    </header>
  );
}
