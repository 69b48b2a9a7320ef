import { useLingui } from '@lingui/react';
import { AlertMessage, PageHeader } from '@/components/ui';
import { useLocation } from 'react-router';
import type { LostChoice } from '@/features/order-ahead/lib/usual-drink';
import { CafeOrderForm } from '@/features/order-ahead/components/cafe-order-form';
import { DrinkNotFound } from '@/features/order-ahead/components/drink-not-found';
import { LocationCheckNotice } from '@/features/order-ahead/components/location-check-notice';
import { OrderSummaryDialog } from '@/features/order-ahead/components/order-summary-dialog';
import { OrderingPausedNotice } from '@/features/order-ahead/components/ordering-paused-notice';
import { VenueBlockNotice, venueBlockOf } from '@/features/order-ahead/components/venue-block-notice';
import { HomeSiteArchivedPrompt } from '@/features/order-ahead/components/home-site-archived-prompt';
import { usePlacement } from '@/features/order-ahead/hooks/use-placement';
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
  const { venueRefusal } = usePlacement('cafe');
  const venueBlock = venueBlockOf(venueRefusal);
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
  // "Order again" of a drink whose choice is sold out now: which to choose again, and why.
  const lost = (useLocation().state as { lostChoices?: LostChoice[] } | null)?.lostChoices ?? [];

  if (!found) return <DrinkNotFound backTo={customer.menuCafe} backLabel={_('order.form.backToMenu')} />;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title={menuName}
        description={_('order.form.howWouldYouLikeIt')}
        backTo={customer.menuCafe}
        backLabel={_('order.form.backToMenu')}
      />
      <HomeSiteArchivedPrompt />
      {venueBlock ? (
        <VenueBlockNotice block={venueBlock} backTo={customer.menuCafe} backLabel={_('order.form.backToMenu')} />
      ) : null}
      <OrderingPausedNotice />
      {lost.map((choice) => (
        <AlertMessage key={`${choice.group}-${choice.choice}`} tone="info" className="mb-4">
          {choice.soldOut
            ? _('order.again.choiceSoldOut', { choice: choice.choice, group: choice.group })
            : _('order.again.choiceGone', { choice: choice.choice, group: choice.group })}
        </AlertMessage>
      ))}
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
            // Known once the menu has the item: null for an item with no tags.
            tags={item ? (item.tags ?? null) : undefined}
            onNext={handleNext}
          />
        )}
      </div>
      <OrderSummaryDialog open={summaryOpen} onOpenChange={setSummaryOpen} draft={draft} />
    </section>
  );
}
