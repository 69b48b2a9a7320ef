import { useState } from 'react';
import { useParams } from 'react-router';
import { customerPaths } from '../../../app/paths';
import { ErrorState, PageHeader } from '../../../components/ui';
import { useSession } from '../../../stores/session';
import { CafeOrderForm } from '../components/cafe-order-form';
import { OrderSummaryDialog } from '../components/order-summary-dialog';
import { useOrderDraft, type OrderDraft } from '../stores/order-draft';

/** Cafe order form (/form/:menuName/:menuId, /form-admin/...). */
export function CafeFormRoute() {
  const { menuName = '', menuId = '' } = useParams();
  const role = useSession((s) => s.user.role);
  const customer = customerPaths(role);
  const { draft, setMenu } = useOrderDraft();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const id = Number(menuId);

  if (!Number.isInteger(id) || id <= 0 || !menuName) {
    return (
      <section>
        <PageHeader title="Order" backTo={customer.menuCafe} backLabel="Back to menu" />
        <ErrorState message="This drink could not be found. Please pick it from the menu again." />
      </section>
    );
  }

  const sameDrink = draft?.venue === 'cafe' && draft.menu_id === id ? draft : null;

  const handleNext = (next: OrderDraft) => {
    setMenu(next);
    setSummaryOpen(true);
  };

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
