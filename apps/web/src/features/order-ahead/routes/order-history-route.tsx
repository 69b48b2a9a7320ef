import type { Order } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { customerPaths } from '@/lib/paths';
import { EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useMe } from '@/api/me';
import { useOrderHistory } from '@/features/order-ahead/api/get-order-history';
import { useSaveUsual } from '@/features/order-ahead/api/standing-orders';
import { HistoryRow } from '@/features/order-ahead/components/history-row';
import { StandingOrdersSection } from '@/features/order-ahead/components/standing-orders-section';
import { drinkChoiceOf } from '@/features/order-ahead/lib/standing-drinks';
import {
  clearFavourite,
  drinkOf,
  readFavourite,
  saveFavourite,
  sameDrink,
  type FavouriteDrink,
} from '@/features/order-ahead/lib/favourite-drink';

/**
 * My orders' history (/ordered, /ordered-admin): the standing orders, then the finished orders,
 * newest update first, refreshed every 5 s.
 */
export function OrderHistoryRoute() {
  const { _ } = useLingui();
  const customer = customerPaths(useMe()?.role);
  const history = useOrderHistory();
  const [favourite, setFavourite] = useState<FavouriteDrink | null>(readFavourite);
  const saveUsual = useSaveUsual();

  const isPinned = (order: Order) => {
    const drink = drinkOf(order);
    return Boolean(favourite?.pinned && drink && sameDrink(favourite, drink));
  };

  const handleTogglePin = (order: Order) => {
    const drink = drinkOf(order, true);
    if (!drink) return;
    // The star is the usual: kept on this device for the screens that read it, and on the server
    // for every channel (a standing order, Slack).
    if (isPinned(order)) {
      clearFavourite();
      setFavourite(null);
      saveUsual.mutate(null);
    } else {
      saveFavourite(drink);
      setFavourite(drink);
      const choice = drinkChoiceOf(order);
      if (choice) saveUsual.mutate(choice);
    }
  };

  const orders = history.data ?? [];

  return (
    <section aria-labelledby="history-title">
      <PageHeader
        title={<span id="history-title">{_('order.history.title')}</span>}
        description={_('order.history.description')}
      />
      <StandingOrdersSection orders={orders} />
      {history.isPending ? (
        <LoadingBlock label={_('order.history.loading')} />
      ) : history.isError ? (
        <ErrorState message={_('order.history.loadFailed')} onRetry={() => void history.refetch()} />
      ) : orders.length === 0 ? (
        <EmptyState
          icon={<History className="h-7 w-7" />}
          title={_('shared.spec.noHistory')}
          action={
            <Link to={customer.menuCafe} className="btn-primary">
              {_('order.history.orderADrink')}
            </Link>
          }
        />
      ) : (
        <ul className="space-y-2">
          {orders.map((order) => (
            <li key={order.id}>
              <HistoryRow order={order} pinned={isPinned(order)} onTogglePin={handleTogglePin} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
