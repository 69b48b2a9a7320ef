import { LIMITS, MESSAGES, type Menu } from '@cafe/shared';
import { Coffee, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMe } from '@/api/me';
import { useSettings } from '@/api/settings';
import { customerPaths, paths } from '@/lib/paths';
import { AlertMessage, PageHeader, Select } from '@/components/ui';
import { useCategories } from '@/features/order-ahead/api/get-categories';
import { useOrderCount } from '@/features/order-ahead/api/get-order-count';
import { MenuCategories } from '@/features/order-ahead/components/menu-categories';
import { NoticeDialog } from '@/features/order-ahead/components/notice-dialog';
import { OrderCountBadge } from '@/features/order-ahead/components/order-count-badge';
import { useMenuLiveUpdates, useMyOrdersLiveUpdates } from '@/features/order-ahead/hooks/use-live-updates';
import { useOrderBlock } from '@/features/order-ahead/hooks/use-order-block';
import { limitReached } from '@/features/order-ahead/lib/order-display';

type Notice = 'sign-in' | 'limit' | 'staff' | null;

/**
 * Cafe menu (/menuCafe, /menucafe, /menuCafe-admin, and read-only at / for visitors):
 * "Ordered n/2", category tabs, and choosing a drink opens the order form.
 */
export function MenuCafeRoute() {
  const me = useMe();
  const navigate = useNavigate();
  const isCustomer = me !== null && me.role !== 'barista';
  const isBarista = me?.role === 'barista';
  const customer = customerPaths(me?.role);
  const { hours } = useSettings();

  const categoriesQuery = useCategories('cafe');
  const countQuery = useOrderCount({ enabled: isCustomer });
  useMenuLiveUpdates('cafe');
  useMyOrdersLiveUpdates(isCustomer);

  const { blockOf, venueBlock } = useOrderBlock('cafe');

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const categories = categoriesQuery.data ?? [];
  const tabs = categories.slice(0, LIMITS.cafeMenuTabs);
  const active = categories.find((c) => c.id === selectedId) ?? tabs[0];
  const count = countQuery.data ?? 0;

  const isOrderable = (item: Menu) => blockOf(item) === null;

  const handlePick = (item: Menu) => {
    if (!isOrderable(item)) return;
    if (!me) return setNotice('sign-in');
    if (isBarista) return setNotice('staff');
    if (limitReached(count)) return setNotice('limit');
    void navigate(customer.form(item.name, item.id));
  };

  return (
    <section aria-labelledby="cafe-menu-title">
      <PageHeader
        title={<span id="cafe-menu-title">Cafe Menu</span>}
        description="Pick a drink, then choose how you like it."
        actions={isCustomer && countQuery.data !== undefined ? <OrderCountBadge count={countQuery.data} /> : null}
      />

      {!me ? (
        <AlertMessage tone="info" className="mb-4">
          You are browsing the menu.{' '}
          <Link to={paths.login} className="font-semibold text-[var(--accent)] underline">
            Sign in
          </Link>{' '}
          to order a drink.
        </AlertMessage>
      ) : null}

      {venueBlock?.code === 'CAFE_CLOSED' ? (
        <AlertMessage tone="info" className="mb-4">
          {venueBlock.message} {hours.cafe.label}.
        </AlertMessage>
      ) : null}

      {venueBlock?.code === 'CAFE_MENU_CLOSED_FRIDAY' ? (
        <AlertMessage tone="info" className="mb-4">
          {MESSAGES.fridayCafeClosed}
        </AlertMessage>
      ) : null}

      {isBarista && categories.length > 0 && active ? (
        <Select
          label="Category"
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
        tabsLabel="Cafe categories"
        icon={Coffee}
        emptyTitle="The cafe menu is empty"
        isOrderable={isOrderable}
        onPick={handlePick}
      />

      <NoticeDialog
        open={notice === 'limit'}
        onOpenChange={(open) => !open && setNotice(null)}
        title="Order limit"
        message={MESSAGES.orderLimit}
      />
      <NoticeDialog
        open={notice === 'staff'}
        onOpenChange={(open) => !open && setNotice(null)}
        title="Browsing only"
        message="Baristas can browse the menu here; drinks are ordered from a customer account."
      />
      <NoticeDialog
        open={notice === 'sign-in'}
        onOpenChange={(open) => !open && setNotice(null)}
        title="Sign in to order"
        message="Please sign in with your company account to order a drink."
        okLabel="Not now"
        okSecondary
        actions={
          <Link to={paths.login} className="btn-primary">
            <LogIn aria-hidden="true" className="h-4 w-4" />
            Sign in
          </Link>
        }
      />
    </section>
  );
}
