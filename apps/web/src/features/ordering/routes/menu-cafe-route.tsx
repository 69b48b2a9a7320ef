import { HOURS, LIMITS, MESSAGES, isFridayCafeCutoff, type Menu } from '@cafe/shared';
import { Coffee, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCafeStatus } from '../../../api/cafe-status';
import { customerPaths, paths } from '../../../app/paths';
import { AlertMessage, PageHeader, Select } from '../../../components/ui';
import { useSession } from '../../../stores/session';
import { useCategories } from '../api/get-categories';
import { useOrderCount } from '../api/get-order-count';
import { MenuCategories } from '../components/menu-categories';
import { NoticeDialog } from '../components/notice-dialog';
import { OrderCountBadge } from '../components/order-count-badge';
import { useMenuLiveUpdates, useMyOrdersLiveUpdates } from '../hooks/use-live-updates';
import { useNow } from '../hooks/use-now';
import { CAFE_TIME_ZONE } from '../../../lib/cafe-time';
import { limitReached } from '../lib/order-display';

type Notice = 'sign-in' | 'limit' | 'staff' | null;

/**
 * Cafe menu (/menuCafe, /menucafe, /menuCafe-admin, and read-only at / for visitors):
 * "Ordered n/2", category tabs, and choosing a drink opens the order form.
 */
export function MenuCafeRoute() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const isCustomer = user.login && user.role !== 'barista';
  const isBarista = user.login && user.role === 'barista';
  const customer = customerPaths(user.role);

  const categoriesQuery = useCategories('cafe');
  const countQuery = useOrderCount({ enabled: isCustomer });
  useMenuLiveUpdates('cafe');
  useMyOrdersLiveUpdates(isCustomer);

  const now = useNow();
  const fridayCutoff = isFridayCafeCutoff(now, CAFE_TIME_ZONE);
  // The live venue state (the cafe-status event keeps it current), else the session's copy.
  const cafeOpen = (useCafeStatus().data ?? user).isCafeOpen;

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const categories = categoriesQuery.data ?? [];
  const tabs = categories.slice(0, LIMITS.cafeMenuTabs);
  const active = categories.find((c) => c.id === selectedId) ?? tabs[0];
  const count = countQuery.data ?? 0;

  const isOrderable = (item: Menu) => item.isActive === 'active' && !fridayCutoff && cafeOpen;

  const handlePick = (item: Menu) => {
    if (!isOrderable(item)) return;
    if (!user.login) return setNotice('sign-in');
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

      {!user.login ? (
        <AlertMessage tone="info" className="mb-4">
          You are browsing the menu.{' '}
          <Link to={paths.login} className="font-semibold text-[var(--accent)] underline">
            Sign in
          </Link>{' '}
          to order a drink.
        </AlertMessage>
      ) : null}

      {!cafeOpen ? (
        <AlertMessage tone="info" className="mb-4">
          The cafe is closed right now. {HOURS.cafe.label}.
        </AlertMessage>
      ) : null}

      {fridayCutoff ? (
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
