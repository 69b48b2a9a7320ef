import { ACTIVE_ORDER_STATUSES, isStatusIn, type QueuedOrder } from '@cafe/shared';
import { Trans, useLingui } from '@lingui/react';
import { Coffee, Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { customerPaths } from '@/lib/paths';
import { ClosingSoonBanner } from '@/components/closing-soon-banner';
import { CupsSavedLine } from '@/components/cups-saved-line';
import { EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useMe } from '@/api/me';
import { readMyOrdersAgain, useMyQueue } from '@/features/order-ahead/api/get-my-queue';
import { useOrderCount } from '@/features/order-ahead/api/get-order-count';
import { useOrderHistory } from '@/features/order-ahead/api/get-order-history';
import { useUpdateMyOrder } from '@/features/order-ahead/api/update-my-order';
import { CancelOrderDialog } from '@/features/order-ahead/components/cancel-order-dialog';
import { NoticeDialog } from '@/features/order-ahead/components/notice-dialog';
import { OrderAgainCard } from '@/features/order-ahead/components/order-again-card';
import { OrderCard } from '@/features/order-ahead/components/order-card';
import { OrderSummaryDialog } from '@/features/order-ahead/components/order-summary-dialog';
import { PushNotificationSwitch } from '@/features/order-ahead/components/push-notification-switch';
import { useMyOrdersLiveUpdates } from '@/features/order-ahead/hooks/use-live-updates';
import { useOrderAnnouncements } from '@/features/order-ahead/hooks/use-order-announcements';
import { drinksLeft, limitReached, urgentFirst } from '@/features/order-ahead/lib/order-display';
import { useOrderDraft, type OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { HomeSiteNotice } from '@/features/order-ahead/components/home-site-suggestion';
import { stops, usePlacement } from '@/features/order-ahead/hooks/use-placement';
import type { LostChoice } from '@/features/order-ahead/lib/usual-drink';
import { UsualUpgradeNotice } from '@/features/order-ahead/components/usual-upgrade-notice';
import { QueuedMoves } from '@/components/queued-moves';
import { errorText } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';
import { isNetworkError, moveQueueStorageKey, newMove, withQueuedMoves, type QueuedMove } from '@/lib/move-queue';
import { dismissRefusal, mustQueue, queuedOrderIds, queueMove, useMoveQueue } from '@/lib/move-queue-store';

/** My orders (/statusOrder, /statusOrder-admin): today's drinks, live. */
export function StatusOrderRoute() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const me = useMe();
  const customer = customerPaths(me?.role);
  const queryClient = useQueryClient();
  // Cancel and Pick Up wait on the phone while it is offline, and are sent in order when the
  // connection returns (lib/move-queue.ts); the list shows them done, marked as waiting.
  const onReplayed = useCallback(() => void readMyOrdersAgain(queryClient), [queryClient]);
  const waitingTaps = useMoveQueue(me ? moveQueueStorageKey(me.id, 'mine') : null, onReplayed);
  const queuedIds = queuedOrderIds(waitingTaps.moves);

  const queue = useMyQueue();
  const countQuery = useOrderCount();
  const history = useOrderHistory({ refetchInterval: false });
  useMyOrdersLiveUpdates();
  const announcement = useOrderAnnouncements();
  const update = useUpdateMyOrder();

  const { draft, setMenu } = useOrderDraft();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);
  /** Why the drink of "Order again" cannot be ordered now (the door's words), or null. */
  const [refused, setRefused] = useState<string | null>(null);
  const { refusalOf } = usePlacement('cafe');
  const [cancelTarget, setCancelTarget] = useState<QueuedOrder | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);

  const count = countQuery.data ?? 0;
  const orders = useMemo(() => withQueuedMoves(queue.data ?? [], waitingTaps.moves), [queue.data, waitingTaps.moves]);
  const active = urgentFirst(orders.filter((o) => isStatusIn(ACTIVE_ORDER_STATUSES, o.status)));
  const closed = orders.filter((o) => !isStatusIn(ACTIVE_ORDER_STATUSES, o.status));
  const waitingVenues = orders.filter((o) => o.status === 'ordered').map((o) => o.menu.category.categoryFor);
  const pastAndToday = useMemo(() => [...orders, ...(history.data ?? [])], [orders, history.data]);

  const handleCancel = (order: QueuedOrder) => {
    setCancelTarget(order);
    setCancelOpen(true);
  };

  const handleConfirmCancel = async () => {
    if (!cancelTarget) return;
    const move = newMove(cancelTarget.id, 'cancel');
    if (mustQueue()) return queueMove(move);
    try {
      await update.mutateAsync({ id: cancelTarget.id, status: 'cancel', idempotencyKey: move.key });
    } catch (error) {
      // No answer: the tap waits with its key (applied once, whether or not the first one arrived).
      if (isNetworkError(error)) return queueMove(move);
      logFailure('cancel failed', error);
      toast.error(_('order.myOrder.cancelFailed'), { description: errorText(error) });
      throw error;
    }
  };

  const handlePickUp = (order: QueuedOrder) => {
    const move: QueuedMove = newMove(order.id, 'pick-up');
    if (mustQueue()) return queueMove(move);
    update.mutate(
      { id: order.id, status: 'picked', idempotencyKey: move.key },
      {
        onError: (error) => {
          if (isNetworkError(error)) return queueMove(move);
          logFailure('pick up failed', error);
          toast.error(_('order.myOrder.pickUpFailed'), { description: errorText(error) });
        },
      },
    );
  };

  const handleOrderAgain = (next: OrderDraft, lost: LostChoice[]) => {
    if (limitReached(count)) {
      setLimitOpen(true);
      return;
    }
    // The door's verdict the menu shows (the site, the item there, busy mode), before the summary.
    const refusal = refusalOf({ id: next.menu_id });
    if (stops(refusal)) {
      setRefused(errorText(refusal) ?? null);
      return;
    }
    setMenu(next);
    // The old photo is gone, or a choice is sold out: the form asks for it, with the rest as it was.
    if (next.venue === 'cafe' && (!next.tumblerImage || lost.length > 0)) {
      void navigate(customer.form(next.menu_name, next.menu_id), { state: { lostChoices: lost } });
      return;
    }
    setSummaryOpen(true);
  };

  return (
    <section aria-labelledby="my-order-title" className="space-y-6">
      <PageHeader
        title={<span id="my-order-title">{_('order.myOrder.title')}</span>}
        description={
          <span>
            <Trans
              id="order.myOrder.drinksLeft"
              values={{ count: countQuery.data === undefined ? '…' : drinksLeft(countQuery.data) }}
              components={{ 0: <strong className="text-[var(--ink)]" /> }}
            />
          </span>
        }
        actions={
          <Link to={customer.menuCafe} className="btn-primary">
            <Plus aria-hidden="true" className="h-4 w-4" />
            {_('order.myOrder.orderNow')}
          </Link>
        }
        className="mb-0"
      />

      <HomeSiteNotice />

      <ClosingSoonBanner audience="customer" waitingVenues={waitingVenues} />

      <PushNotificationSwitch />

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <QueuedMoves
        moves={waitingTaps.moves}
        refusals={waitingTaps.refusals}
        labelOf={(id) => orders.find((o) => o.id === id)?.menu.name ?? null}
        onDismiss={dismissRefusal}
      />

      <UsualUpgradeNotice />

      <OrderAgainCard orders={pastAndToday} onOrderAgain={handleOrderAgain} />

      <section aria-labelledby="active-orders-title">
        <h2 id="active-orders-title" className="mb-3 text-lg font-semibold">
          {_('order.myOrder.today')}
        </h2>
        {queue.isPending ? (
          <LoadingBlock label={_('order.myOrder.loading')} />
        ) : queue.isError && !queue.data ? (
          <ErrorState message={_('order.myOrder.loadFailed')} onRetry={() => void queue.refetch()} />
        ) : active.length === 0 ? (
          <EmptyState
            icon={<Coffee className="h-7 w-7" />}
            title={_('order.myOrder.noneTitle')}
            description={_('order.myOrder.noneDescription')}
          />
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {active.map((order) => (
              <li key={order.id}>
                <OrderCard
                  order={order}
                  onCancel={handleCancel}
                  onPickUp={handlePickUp}
                  busy={update.isPending && update.variables?.id === order.id}
                  queued={queuedIds.has(order.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="closed-orders-title">
        <h2 id="closed-orders-title" className="mb-3 text-lg font-semibold">
          {_('order.myOrder.closedTitle')}
        </h2>
        {closed.length === 0 ? (
          <p className="text-sm text-[var(--ink-muted)]">{_('order.myOrder.noneClosed')}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {closed.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} queued={queuedIds.has(order.id)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <CupsSavedLine />

      <CancelOrderDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        menuName={cancelTarget?.menu.name ?? ''}
        onConfirm={handleConfirmCancel}
      />
      <OrderSummaryDialog open={summaryOpen} onOpenChange={setSummaryOpen} draft={draft} />
      <NoticeDialog
        open={refused !== null}
        onOpenChange={(open) => !open && setRefused(null)}
        title={_('order.again.refusedTitle')}
        message={refused ?? ''}
      />
      <NoticeDialog
        open={limitOpen}
        onOpenChange={setLimitOpen}
        title={_('order.limit.title')}
        message={_('shared.spec.orderLimit')}
      />
    </section>
  );
}
