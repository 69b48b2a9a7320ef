import { LIMITS, type Menu } from '@cafe/shared';
import { Trans, useLingui } from '@lingui/react';
import { LogIn } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMe } from '@/api/me';
import { customerPaths, paths } from '@/lib/paths';
import { PageHeader, Select } from '@/components/ui';
import { useCategories } from '@/features/order-ahead/api/get-categories';
import { useOrderCount } from '@/features/order-ahead/api/get-order-count';
import { FridayCutoffNote, VenueClosedLine } from '@/features/order-ahead/components/friday-cutoff-note';
import { HomeSiteNotice } from '@/features/order-ahead/components/home-site-suggestion';
import { MenuCategories } from '@/features/order-ahead/components/menu-categories';
import { OrderCountBadge } from '@/features/order-ahead/components/order-count-badge';
import { OrderingPausedNotice } from '@/features/order-ahead/components/ordering-paused-notice';
import { useFollowVenue } from '@/features/order-ahead/hooks/use-follow-venue';
import { useMenuLiveUpdates, useMyOrdersLiveUpdates } from '@/features/order-ahead/hooks/use-live-updates';
import { stops, usePlacement } from '@/features/order-ahead/hooks/use-placement';
import { limitReached } from '@/features/order-ahead/lib/order-display';
import { RunNotice } from '@/features/order-ahead/components/run-notice';
import { useOrderRun } from '@/features/order-ahead/hooks/use-order-run';

type Notice = 'sign-in' | 'limit' | 'staff' | null;

// The notices follow a tap on a drink, so the dialog library loads then, not with the menu.
const NoticeDialog = lazy(() =>
  import('@/features/order-ahead/components/notice-dialog').then((m) => ({ default: m.NoticeDialog })),
);

/**
 * Cafe menu (/menuCafe, /menucafe, /menuCafe-admin, and read-only at / for visitors):
 * "Ordered n/2", category tabs, and choosing a drink opens the order form. It follows the venue
 * live: once the cafe is closed its items are disabled, and a customer is taken to the bar menu
 * when the bar is open (others get a link).
 */
export function MenuCafeRoute() {
  const { _ } = useLingui();
  const me = useMe();
  const navigate = useNavigate();
  const isCustomer = me !== null && me.role !== 'barista';
  const isBarista = me?.role === 'barista';
  const customer = customerPaths(me?.role);

  const categoriesQuery = useCategories('cafe');
  const countQuery = useOrderCount({ enabled: isCustomer });
  useMenuLiveUpdates('cafe');
  useMyOrdersLiveUpdates(isCustomer);

  // Chosen for a coffee run (`?run=`): the form the drink opens adds it to that run, for its pickup time.
  const { runId, run } = useOrderRun();
  // The door's verdict on each item before the form (for a run: at the run's site, for later).
  const placement = usePlacement('cafe', { later: runId !== undefined, siteId: run.data?.site.id });
  const venueBlock = placement.venueRefusal;
  const paused = venueBlock?.code === 'ORDERS_PAUSED';
  const cafeClosed = venueBlock?.code === 'CAFE_CLOSED';
  const { otherOpen: barOpen, otherMenu: barMenu } = useFollowVenue('cafe');

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const categories = categoriesQuery.data ?? [];
  const tabs = categories.slice(0, LIMITS.cafeMenuTabs);
  const active = categories.find((c) => c.id === selectedId) ?? tabs[0];
  const count = countQuery.data ?? 0;

  const handlePick = (item: Menu) => {
    if (stops(placement.refusalOf(item))) return;
    if (!me) return setNotice('sign-in');
    if (isBarista) return setNotice('staff');
    if (limitReached(count)) return setNotice('limit');
    const form = customer.form(item.name, item.id);
    void navigate(runId === undefined ? form : paths.withRun(form, runId));
  };

  return (
    <section aria-labelledby="cafe-menu-title">
      <PageHeader
        title={<span id="cafe-menu-title">{_('order.cafeMenu.title')}</span>}
        description={_('order.cafeMenu.description')}
        actions={isCustomer && countQuery.data !== undefined ? <OrderCountBadge count={countQuery.data} /> : null}
      />

      {isCustomer && run.data ? <RunNotice run={run.data} /> : null}
      {isCustomer ? <HomeSiteNotice suggest /> : null}
      {isCustomer || paused ? <OrderingPausedNotice /> : null}

      {/* One notice, each of its lines a sentence: browsing without signing in, the cafe closed, the
          Friday cut-off; said once the door has answered. */}
      {placement.pending ? null : (
        <FridayCutoffNote
          cafeClosed={cafeClosed}
          barOpen={barOpen}
          barMenu={barMenu}
          fridayClosed={venueBlock?.code === 'CAFE_MENU_CLOSED_FRIDAY'}
          lines={[
            ...(!me
              ? [
                  <Trans
                    id="order.cafeMenu.browsing"
                    key="browsing"
                    components={{
                      0: <Link to={paths.login} className="font-semibold text-[var(--accent)] underline" />,
                    }}
                  />,
                ]
              : []),
            ...(cafeClosed
              ? [<VenueClosedLine key="closed" venue="cafe" otherOpen={barOpen} otherMenu={barMenu} />]
              : []),
          ]}
        />
      )}

      {isBarista && categories.length > 0 && active ? (
        <Select
          label={_('order.cafeMenu.category')}
          className="mb-4 max-w-xs"
          value={String(active.id)}
          onChange={(event) => setSelectedId(Number(event.target.value))}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        />
      ) : null}

      <MenuCategories
        categoriesQuery={categoriesQuery}
        tabs={tabs}
        active={active}
        onSelect={setSelectedId}
        venue="cafe"
        placement={placement}
        onPick={handlePick}
      />

      {notice ? (
        <Suspense fallback={null}>
          <NoticeDialog
            open
            onOpenChange={(open) => !open && setNotice(null)}
            {...(notice === 'limit'
              ? { title: _('order.limit.title'), message: _('shared.spec.orderLimit') }
              : notice === 'staff'
                ? { title: _('order.cafeMenu.staffTitle'), message: _('order.cafeMenu.staffMessage') }
                : {
                    title: _('order.cafeMenu.signInTitle'),
                    message: _('order.cafeMenu.signInMessage'),
                    okLabel: _('order.cafeMenu.notNow'),
                    okSecondary: true,
                    actions: (
                      <Link to={paths.login} className="btn-primary">
                        <LogIn aria-hidden="true" className="h-4 w-4" />
                        {_('order.cafeMenu.signIn')}
                      </Link>
                    ),
                  })}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
