import { useState } from 'react';
import { useParams } from 'react-router';
import { customerPaths } from '../../../app/paths';
import { ErrorState, PageHeader } from '../../../components/ui';
import { useSession } from '../../../stores/session';
import { BarOrderForm } from '../components/bar-order-form';
import { CocktailNotice } from '../components/cocktail-notice';
import { OrderSummaryDialog } from '../components/order-summary-dialog';
import { hasRemark } from '../lib/order-display';
import { useOrderDraft, type OrderDraft } from '../stores/order-draft';

/**
 * Bar order form (/form-bar/:menuName/:menuId/:description, /form-bar-admin/...). Online bar
 * ordering is usually off on the server; its refusal shows the cocktail page.
 */
export function BarFormRoute() {
  const { menuName = '', menuId = '', description = '' } = useParams();
  const role = useSession((s) => s.user.role);
  const customer = customerPaths(role);
  const { draft, setMenu } = useOrderDraft();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [barOffline, setBarOffline] = useState(false);
  const id = Number(menuId);

  if (!Number.isInteger(id) || id <= 0 || !menuName) {
    return (
      <section>
        <PageHeader title="Order" backTo={customer.menuBar} backLabel="Back to the bar menu" />
        <ErrorState message="This drink could not be found. Please pick it from the menu again." />
      </section>
    );
  }

  const sameDrink = draft?.venue === 'bar' && draft.menu_id === id ? draft : null;

  const handleNext = (next: OrderDraft) => {
    setMenu(next);
    setSummaryOpen(true);
  };

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title={menuName}
        description={hasRemark(description) ? description : undefined}
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
