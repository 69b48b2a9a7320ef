import { isSameDrink, type Order } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { History, Star } from 'lucide-react';
import { Link } from 'react-router';
import { customerPaths } from '@/lib/paths';
import { AlertMessage, EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useMe } from '@/api/me';
import { errorText } from '@/lib/error-text';
import { useOrderHistory } from '@/features/order-ahead/api/get-order-history';
import { useSaveUsual, useUsual } from '@/features/order-ahead/api/standing-orders';
import { HistoryRow } from '@/features/order-ahead/components/history-row';
import { StandingOrdersSection } from '@/features/order-ahead/components/standing-orders-section';
import { UsualUpgradeNotice } from '@/features/order-ahead/components/usual-upgrade-notice';
import { useDrinkWords } from '@/features/order-ahead/hooks/use-drink-words';
import { drinkChoiceOfOrder } from '@/features/order-ahead/lib/usual-drink';

/**
 * My orders' history (/ordered, /ordered-admin): the usual, the finished orders, newest update
 * first, refreshed every 5 s, then the standing orders. A cafe drink of the history can be made the
 * usual (kept on the server; nothing else changes it).
 */
export function OrderHistoryRoute() {
  const { _ } = useLingui();
  const customer = customerPaths(useMe()?.role);
  const history = useOrderHistory();
  const usual = useUsual();
  const saveUsual = useSaveUsual();
  const orders = history.data ?? [];
  const words = useDrinkWords(orders);
  const usualDrink = usual.data?.drink ?? null;

  const isUsual = (order: Order) => {
    const drink = drinkChoiceOfOrder(order);
    return Boolean(usualDrink && drink && isSameDrink(usualDrink, drink));
  };

  const handleMakeUsual = (order: Order) => {
    const drink = drinkChoiceOfOrder(order);
    if (drink) saveUsual.mutate(drink);
  };

  return (
    <section aria-labelledby="history-title">
      <PageHeader
        title={<span id="history-title">{_('order.history.title')}</span>}
        description={_('order.history.description')}
      />
      <UsualUpgradeNotice />
      {usual.isPending ? null : (
        <p className="mb-4 inline-flex items-start gap-2 text-sm" data-testid="history-usual">
          <Star aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 fill-current text-[var(--warning)]" />
          <span className="break-words">
            {usualDrink
              ? _('order.history.usualLine', { drink: words.describe(usualDrink) })
              : _('order.history.noUsual')}
          </span>
        </p>
      )}
      {saveUsual.isError ? (
        <AlertMessage className="mb-4">{errorText(saveUsual.error) ?? _('order.again.makeUsualFailed')}</AlertMessage>
      ) : null}
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
        <ul className="space-y-2" aria-label={_('order.history.listLabel')}>
          {orders.map((order) => (
            <li key={order.id}>
              <HistoryRow
                order={order}
                isUsual={isUsual(order)}
                onMakeUsual={handleMakeUsual}
                busy={saveUsual.isPending}
              />
            </li>
          ))}
        </ul>
      )}
      {/* Below the history, which a person opens this page for (issue 62: on a phone the standing
          orders' text and form put the first finished order at y 1,150 of 844). */}
      <StandingOrdersSection orders={orders} className="mt-8" />
    </section>
  );
}
