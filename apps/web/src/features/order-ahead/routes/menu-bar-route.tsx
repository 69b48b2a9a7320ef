import type { Menu } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMe } from '@/api/me';
import { customerPaths, paths } from '@/lib/paths';
import { AlertMessage, PageHeader } from '@/components/ui';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useCategories } from '@/features/order-ahead/api/get-categories';
import { BarNoticeDialog } from '@/features/order-ahead/components/bar-notice-dialog';
import { CocktailNotice } from '@/features/order-ahead/components/cocktail-notice';
import { VenueClosedLine } from '@/features/order-ahead/components/friday-cutoff-note';
import { HomeSiteNotice } from '@/features/order-ahead/components/home-site-suggestion';
import { MenuCategories } from '@/features/order-ahead/components/menu-categories';
import { useFollowVenue } from '@/features/order-ahead/hooks/use-follow-venue';
import { useMenuLiveUpdates } from '@/features/order-ahead/hooks/use-live-updates';
import { stops, usePlacement } from '@/features/order-ahead/hooks/use-placement';
import { readStored } from '@/features/order-ahead/lib/stored';

const noticeDismissed = (): boolean => readStored(STORAGE_KEYS.bannerShown) === 'true';

/**
 * Bar menu (/menubar, /menubar-admin, /order_bar): category tabs and items, the house-rules
 * notice. Choosing an item opens the bar form when the bar takes online orders now. While online
 * bar ordering is off (the settings) the menu says so at the top and its items are to read, not
 * to tap. It follows the venue live: once the bar is closed its items are disabled, and a customer
 * is taken to the cafe menu when the cafe is open (others get a link).
 */
export function MenuBarRoute() {
  const { _ } = useLingui();
  const me = useMe();
  const navigate = useNavigate();
  const isCustomer = me !== null && me.role !== 'barista';
  const customer = customerPaths(me?.role);
  const placement = usePlacement('bar');
  const venueBlock = placement.venueRefusal;
  const { otherOpen: cafeOpen, otherMenu: cafeMenu } = useFollowVenue('bar');
  const barClosed = venueBlock?.code === 'BAR_CLOSED';
  const barOffline = venueBlock?.code === 'BAR_ORDERING_DISABLED';

  const categoriesQuery = useCategories('bar');
  useMenuLiveUpdates('bar');

  const [noticeOpen, setNoticeOpen] = useState(() => !noticeDismissed());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Menu | null>(null);

  const categories = categoriesQuery.data ?? [];
  const active = categories.find((c) => c.id === selectedId) ?? categories[0];

  const handleNoticeChange = (open: boolean) => {
    setNoticeOpen(open);
    if (!open) localStorage.setItem(STORAGE_KEYS.bannerShown, 'true');
  };

  const handlePick = (item: Menu) => {
    if (stops(placement.refusalOf(item))) return;
    if (isCustomer) {
      void navigate(customer.formBar(item.name, item.id, item.description));
      return;
    }
    setChosen(item);
  };

  return (
    <section aria-labelledby="bar-menu-title">
      <PageHeader
        title={<span id="bar-menu-title">{_('order.barMenu.title')}</span>}
        description={_('order.barMenu.description')}
        actions={
          <button type="button" className="btn-secondary" onClick={() => setNoticeOpen(true)}>
            <Info aria-hidden="true" className="h-4 w-4" />
            {_('order.barMenu.pleaseRead')}
          </button>
        }
      />

      {isCustomer ? <HomeSiteNotice suggest /> : null}

      {barClosed ? (
        <AlertMessage tone="info" className="mb-4">
          <VenueClosedLine venue="bar" otherOpen={cafeOpen} otherMenu={cafeMenu} />
        </AlertMessage>
      ) : null}

      {barOffline ? (
        <AlertMessage tone="info" className="mb-4">
          <p className="font-semibold">{_('shared.spec.cocktailOffline')}</p>
          <Link to={paths.teamCredit} className="font-medium text-[var(--accent)] underline">
            {_('order.cocktail.meetTeam')}
          </Link>
        </AlertMessage>
      ) : null}

      {chosen ? (
        <CocktailNotice
          actions={
            <button type="button" className="btn-secondary" onClick={() => setChosen(null)}>
              {_('order.barMenu.back')}
            </button>
          }
        />
      ) : (
        <MenuCategories
          categoriesQuery={categoriesQuery}
          tabs={categories}
          active={active}
          onSelect={setSelectedId}
          venue="bar"
          placement={placement}
          onPick={handlePick}
          browseOnly={barOffline}
        />
      )}

      <BarNoticeDialog open={noticeOpen} onOpenChange={handleNoticeChange} />
    </section>
  );
}
