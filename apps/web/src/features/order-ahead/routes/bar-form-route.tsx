import { textOrEmpty } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { LoadingBlock, PageHeader } from '@/components/ui';
import { BarOrderForm } from '@/features/order-ahead/components/bar-order-form';
import { CocktailNotice } from '@/features/order-ahead/components/cocktail-notice';
import { DrinkNotFound } from '@/features/order-ahead/components/drink-not-found';
import { LocationCheckNotice } from '@/features/order-ahead/components/location-check-notice';
import { OrderSummaryDialog } from '@/features/order-ahead/components/order-summary-dialog';
import { VenueBlockNotice } from '@/features/order-ahead/components/venue-block-notice';
import { HomeSiteNotice } from '@/features/order-ahead/components/home-site-suggestion';
import { usePlacement } from '@/features/order-ahead/hooks/use-placement';
import { useOrderFormRoute } from '@/features/order-ahead/hooks/use-order-form-route';

/**
 * Bar order form (/form-bar/:menuName/:menuId/:description, /form-bar-admin/...). While the door
 * says the bar takes no online orders the form is not offered at all: the cocktail page shows as
 * soon as it has answered. The refusal of the placement (the settings may have changed since)
 * shows it too.
 */
export function BarFormRoute() {
  const { _ } = useLingui();
  const { id, menuName, description, found, customer, draft, sameDrink, summaryOpen, setSummaryOpen, handleNext } =
    useOrderFormRoute('bar');
  // The door's verdict on this drink, said at the top; the form waits for it.
  const placement = usePlacement('bar');
  const refusal = placement.refusalOf({ id });
  const [refusedOnline, setRefusedOnline] = useState(false);
  const barOffline = refusedOnline || refusal?.code === 'BAR_ORDERING_DISABLED';

  if (!found) return <DrinkNotFound backTo={customer.menuBar} backLabel={_('order.barMenu.back')} />;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title={menuName}
        description={textOrEmpty(description) || undefined}
        backTo={customer.menuBar}
        backLabel={_('order.barMenu.back')}
      />
      {placement.pending ? (
        <LoadingBlock label={_('order.menu.loading')} />
      ) : barOffline ? (
        <CocktailNotice />
      ) : (
        <>
          <HomeSiteNotice />
          <VenueBlockNotice refusal={refusal} backTo={customer.menuBar} backLabel={_('order.barMenu.back')} />
          <LocationCheckNotice />
          <div className="card p-4 sm:p-6">
            <BarOrderForm
              key={id}
              menuId={id}
              menuName={menuName}
              description={description}
              initialDraft={sameDrink}
              onNext={handleNext}
            />
          </div>
        </>
      )}
      <OrderSummaryDialog
        open={summaryOpen}
        onOpenChange={setSummaryOpen}
        draft={draft}
        onBarOrderingDisabled={() => setRefusedOnline(true)}
      />
    </section>
  );
}
