import type { Order } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { customerPaths } from '@/lib/paths';
import { EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useMe } from '@/api/me';
import { useOrderHistory } from '@/features/order-ahead/api/get-order-history';
import { HistoryRow } from '@/features/order-ahead/components/history-row';
import {
  clearFavourite,
  drinkOf,
  readFavourite,
  saveFavourite,
  sameDrink,
  type FavouriteDrink,
} from '@/features/order-ahead/lib/favourite-drink';

/** History (/ordered, /ordered-admin): finished orders, newest update first, refreshed every 5 s. */
export function OrderHistoryRoute() {
  const { _ } = useLingui();
  const customer = customerPaths(useMe()?.role);
  const history = useOrderHistory();
  const [favourite, setFavourite] = useState<FavouriteDrink | null>(readFavourite);

  const isPinned = (order: Order) => {
    const drink = drinkOf(order);
    return Boolean(favourite?.pinned && drink && sameDrink(favourite, drink));
  };

  const handleTogglePin = (order: Order) => {
    const drink = drinkOf(order, true);
    if (!drink) return;
    if (isPinned(order)) {
      clearFavourite();
      setFavourite(null);
    } else {
      saveFavourite(drink);
      setFavourite(drink);
    }
  };

  const orders = history.data ?? [];

  return (
    <section aria-labelledby="history-title">
      <PageHeader
        title={<span id="history-title">{_('order.history.title')}</span>}
        description={_('order.history.description')}
      />
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
