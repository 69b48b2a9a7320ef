import { useLingui } from '@lingui/react';
import { AlertMessage, ErrorState, PageHeader } from '@/components/ui';
import { Link, useLocation } from 'react-router';
import { useMe } from '@/api/me';
import { errorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { RunNotice } from '@/features/order-ahead/components/run-notice';
import { useOrderRun } from '@/features/order-ahead/hooks/use-order-run';
import { runRefusalOf } from '@/features/order-ahead/lib/order-run';
import type { LostChoice } from '@/features/order-ahead/lib/usual-drink';
import { CafeOrderForm } from '@/features/order-ahead/components/cafe-order-form';
import { DrinkNotFound } from '@/features/order-ahead/components/drink-not-found';
import { LocationCheckNotice } from '@/features/order-ahead/components/location-check-notice';
import { OrderSummaryDialog } from '@/features/order-ahead/components/order-summary-dialog';
import { OrderingPausedNotice } from '@/features/order-ahead/components/ordering-paused-notice';
import { VenueBlockNotice } from '@/features/order-ahead/components/venue-block-notice';
import { HomeSiteNotice } from '@/features/order-ahead/components/home-site-suggestion';
import { usePlacement } from '@/features/order-ahead/hooks/use-placement';
import { useOrderFormRoute } from '@/features/order-ahead/hooks/use-order-form-route';
import { useCategories } from '@/features/order-ahead/api/get-categories';
import { useMenuLiveUpdates } from '@/features/order-ahead/hooks/use-live-updates';

/**
 * Cafe order form (/form/:menuName/:menuId, /form-admin/...). What would refuse the order is said
 * when the form opens: the cafe closed, orders paused, the person too far away or not sharing
 * their location. With `?run=` the drink goes with that coffee run: at the run's pickup time, in
 * the person's tumbler or the runner's tray.
 */
export function CafeFormRoute() {
  const { _ } = useLingui();
  const { id, menuName, found, customer, draft, sameDrink, summaryOpen, setSummaryOpen, handleNext } =
    useOrderFormRoute('cafe');
  const { runId, run } = useOrderRun();
  // The door's verdict on this drink (for a run: at the run's site, for later), said at the top.
  const refusal = usePlacement('cafe', { later: runId !== undefined, siteId: run.data?.site.id }).refusalOf({ id });
  const categories = useCategories('cafe');
  // A choice sold out meanwhile greys out here without a reload. Only on a change of the menu: a
  // read again at every (re)connect would re-render the form under the person's keys.
  useMenuLiveUpdates('cafe', { onReconnect: false });
  const item = categories.data?.flatMap((c) => c.menu).find((m) => m.id === id);
  // "Order again" of a drink whose choice is sold out now: which to choose again, and why.
  const lost = (useLocation().state as { lostChoices?: LostChoice[] } | null)?.lostChoices ?? [];
  const me = useMe();
  const menuPath = runId === undefined ? customer.menuCafe : paths.withRun(customer.menuCafe, runId);
  const runRefusal = run.data ? runRefusalOf(run.data, me?.id) : null;

  if (!found) return <DrinkNotFound backTo={menuPath} backLabel={_('order.form.backToMenu')} />;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title={menuName}
        description={_('order.form.howWouldYouLikeIt')}
        backTo={menuPath}
        backLabel={_('order.form.backToMenu')}
      />
      {run.data ? <RunNotice run={run.data} /> : null}
      <HomeSiteNotice />
      <VenueBlockNotice refusal={refusal} backTo={customer.menuCafe} backLabel={_('order.form.backToMenu')} />
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
        {runId !== undefined && run.isError ? (
          <ErrorState
            className="py-2"
            message={errorText(run.error) ?? _('order.run.failed')}
            onRetry={() => void run.refetch()}
          />
        ) : run.data && runRefusal ? (
          <p>
            {_(runRefusal)}{' '}
            <Link to={paths.run(run.data.id)} className="font-semibold text-[var(--accent)] underline">
              {_('order.run.backToRun')}
            </Link>
          </p>
        ) : categories.isPending || (runId !== undefined && run.isPending) ? (
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
            run={run.data}
            onNext={handleNext}
          />
        )}
      </div>
      <OrderSummaryDialog open={summaryOpen} onOpenChange={setSummaryOpen} draft={draft} />
    </section>
  );
}
