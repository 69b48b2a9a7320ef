import { textOrEmpty } from '@cafe/shared';
import { useState } from 'react';
import { PageHeader } from '@/components/ui';
import { BarOrderForm } from '@/features/order-ahead/components/bar-order-form';
import { CocktailNotice } from '@/features/order-ahead/components/cocktail-notice';
import { DrinkNotFound } from '@/features/order-ahead/components/drink-not-found';
import { OrderSummaryDialog } from '@/features/order-ahead/components/order-summary-dialog';
import { useOrderFormRoute } from '@/features/order-ahead/hooks/use-order-form-route';

/**
 * Bar order form (/form-bar/:menuName/:menuId/:description, /form-bar-admin/...). Online bar
 * ordering is usually off on the server; its refusal shows the cocktail page.
 */
export function BarFormRoute() {
  const { id, menuName, description, found, customer, draft, sameDrink, summaryOpen, setSummaryOpen, handleNext } =
    useOrderFormRoute('bar');
  const [barOffline, setBarOffline] = useState(false);

  if (!found) return <DrinkNotFound backTo={customer.menuBar} backLabel="Back to the bar menu" />;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title={menuName}
        description={textOrEmpty(description) || undefined}
        backTo={customer.menuBar}
        backLabel="Back to the bar menu"
      />
      {barOffline ? (
        <CocktailNotice />
      ) : (
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
      )}
      <OrderSummaryDialog
        open={summaryOpen}
        onOpenChange={setSummaryOpen}
        draft={draft}
        onBarOrderingDisabled={() => setBarOffline(true)}
      />
    </section>
  );
}
