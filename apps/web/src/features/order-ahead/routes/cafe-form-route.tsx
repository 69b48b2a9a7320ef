import { PageHeader } from '@/components/ui';
import { CafeOrderForm } from '@/features/order-ahead/components/cafe-order-form';
import { DrinkNotFound } from '@/features/order-ahead/components/drink-not-found';
import { OrderSummaryDialog } from '@/features/order-ahead/components/order-summary-dialog';
import { useOrderFormRoute } from '@/features/order-ahead/hooks/use-order-form-route';

/** Cafe order form (/form/:menuName/:menuId, /form-admin/...). */
export function CafeFormRoute() {
  const { id, menuName, found, customer, draft, sameDrink, summaryOpen, setSummaryOpen, handleNext } =
    useOrderFormRoute('cafe');

  if (!found) return <DrinkNotFound backTo={customer.menuCafe} backLabel="Back to menu" />;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title={menuName}
        description="How would you like it?"
        backTo={customer.menuCafe}
        backLabel="Back to menu"
      />
      <div className="card p-4 sm:p-6">
        <CafeOrderForm key={id} menuId={id} menuName={menuName} initialDraft={sameDrink} onNext={handleNext} />
      </div>
      <OrderSummaryDialog open={summaryOpen} onOpenChange={setSummaryOpen} draft={draft} />
    </section>
  );
}
