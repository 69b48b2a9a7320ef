import { useLingui } from '@lingui/react';
import { PageHeader } from '@/components/ui';
import { CafeOrderForm } from '@/features/order-ahead/components/cafe-order-form';
import { DrinkNotFound } from '@/features/order-ahead/components/drink-not-found';
import { LocationCheckNotice } from '@/features/order-ahead/components/location-check-notice';
import { OrderSummaryDialog } from '@/features/order-ahead/components/order-summary-dialog';
import { OrderingPausedNotice } from '@/features/order-ahead/components/ordering-paused-notice';
import { VenueBlockNotice } from '@/features/order-ahead/components/venue-block-notice';
import { useOrderBlock } from '@/features/order-ahead/hooks/use-order-block';
import { useOrderFormRoute } from '@/features/order-ahead/hooks/use-order-form-route';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { categoriesQueryOptions, useCategories } from '@/features/order-ahead/api/get-categories';
import { useLiveEvent } from '@/lib/socket';

/**
 * Cafe order form (/form/:menuName/:menuId, /form-admin/...). What would refuse the order is said
 * when the form opens: the cafe closed, orders paused, the person too far away or not sharing
 * their location.
 */
export function CafeFormRoute() {
  const { _ } = useLingui();
  const { id, menuName, found, customer, draft, sameDrink, summaryOpen, setSummaryOpen, handleNext } =
    useOrderFormRoute('cafe');
  const { venueBlock } = useOrderBlock('cafe');
  const categories = useCategories('cafe');
  // A choice sold out meanwhile greys out here without a reload. Only on a change of the menu: a
  // read again at every (re)connect would re-render the form under the person's keys.
  const queryClient = useQueryClient();
  const refreshMenu = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: categoriesQueryOptions('cafe').queryKey }),
    [queryClient],
  );
  useLiveEvent('menu', refreshMenu);
  const item = categories.data?.flatMap((c) => c.menu).find((m) => m.id === id);

  if (!found) return <DrinkNotFound backTo={customer.menuCafe} backLabel={_('order.form.backToMenu')} />;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title={menuName}
        description={_('order.form.howWouldYouLikeIt')}
        backTo={customer.menuCafe}
        backLabel={_('order.form.backToMenu')}
      />
      {venueBlock ? (
        <VenueBlockNotice block={venueBlock} backTo={customer.menuCafe} backLabel={_('order.form.backToMenu')} />
      ) : null}
      <OrderingPausedNotice />
      <LocationCheckNotice />
      <div className="card p-4 sm:p-6">
        {categories.isPending ? (
          <p className="text-sm text-[var(--ink-muted)]" role="status">
            {_('order.form.loadingOptions')}
          </p>
        ) : (
          <CafeOrderForm
            key={id}
            menuId={id}
            menuName={menuName}
            initialDraft={sameDrink}
            optionGroups={item?.optionGroups}
            onNext={handleNext}
          />
        )}
      </div>
      <OrderSummaryDialog open={summaryOpen} onOpenChange={setSummaryOpen} draft={draft} />
    </section>
  );
}
