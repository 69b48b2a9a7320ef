import { textOrEmpty, type QueuedOrder } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { BellRing, Clock, Hourglass, MapPin } from 'lucide-react';
import { PendingMovePill } from '@/components/queued-moves';
import { StatusPill } from '@/components/ui';
import { useHomeSite, useHomeTimeZone } from '@/api/sites';
import { formatCafeTime } from '@/lib/cafe-time';
import { cn } from '@/lib/cn';
import { cardTimeOf, isCafeOrder, ORDER_ENDINGS, tumblerCountdownOf } from '@/features/order-ahead/lib/order-display';
import { DrinkTypeIcon } from '@/components/drink/drink-type-icon';
import { drinkTypeText } from '@/lib/drink-text';
import { optionsText } from '@/lib/drink-options';
import { OrderStatusBar } from './order-status-bar';
import { PickupTime } from './pickup-time';
import { TumblerAlert } from './tumbler-alert';

interface OrderCardProps {
  order: QueuedOrder;
  onCancel?: (order: QueuedOrder) => void;
  onPickUp?: (order: QueuedOrder) => void;
  /** A change of this order is being sent. */
  busy?: boolean;
  /** A Cancel or Pick Up of this order waits on the device for the connection (lib/move-queue.ts). */
  queued?: boolean;
}

/** One of today's orders on My orders. */
export function OrderCard({ order, onCancel, onPickUp, busy = false, queued = false }: OrderCardProps) {
  const { _ } = useLingui();
  const cafeTimeZone = useHomeTimeZone();
  // Where the drink waits: said once the company has several sites.
  const { several } = useHomeSite();
  const time = cardTimeOf(order);
  const remark = textOrEmpty(order.remark);
  const description = textOrEmpty(order.tumblerImage);
  // A done drink is still at the counter, waiting to be picked up: not closed yet.
  const closed = order.status === 'done' ? undefined : ORDER_ENDINGS[order.status];
  const cafe = isCafeOrder(order);
  const titleId = `order-${order.id}-title`;
  // One time a card: an open order for later shows its pickup time, in place of the order's time.
  const forLater = order.pickupAt != null && !closed;
  // Offline, Cancel and Pick Up wait on the phone and are sent when the connection returns (lib/move-queue.ts).

  // A waiting order, or one for later, may still be cancelled.
  const cancelButton = onCancel ? (
    <div className="flex flex-col items-end gap-1">
      <button type="button" className="btn-secondary" onClick={() => onCancel(order)} disabled={busy}>
        {_('order.card.cancel')}
      </button>
    </div>
  ) : null;

  return (
    <article aria-labelledby={titleId} className={cn('card flex flex-col gap-3 p-4', closed && 'shadow-none')}>
      {/* The countdown first: on a phone it is the one thing on the card that cannot wait. */}
      {order.tumblerMissing && tumblerCountdownOf(order) ? (
        <TumblerAlert deadline={order.tumblerMissing.deadline} />
      ) : null}
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate text-lg font-semibold">
            {order.menu.name}
          </h3>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-[var(--ink-muted)]">
            {cafe && order.type ? (
              <span className="inline-flex items-center gap-1">
                <DrinkTypeIcon type={order.type} />
                {drinkTypeText(order.type)}
              </span>
            ) : null}
            {cafe && order.sweetness != null ? (
              <span>{_('order.sweetnessValue', { sweetness: order.sweetness })}</span>
            ) : null}
            {!cafe && description ? <span>{description}</span> : null}
            {/* The number the counter's pickup screen shows this order by (its id). */}
            <span className="font-semibold text-[var(--ink)]" data-testid="order-number">
              {_('order.card.number', { number: order.id })}
            </span>
          </p>
        </div>
        {forLater ? null : (
          <time dateTime={time} className="inline-flex shrink-0 items-center gap-1 text-sm text-[var(--ink-muted)]">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {formatCafeTime(time, cafeTimeZone)}
          </time>
        )}
      </header>
      {queued ? (
        <p>
          <PendingMovePill />
        </p>
      ) : null}

      {order.options?.length ? <p className="text-sm font-medium">{optionsText(order.options)}</p> : null}

      {several ? (
        <p className="inline-flex items-center gap-1 text-sm text-[var(--ink-muted)]">
          <MapPin aria-hidden="true" className="h-4 w-4" />
          {_('order.card.site', { site: order.site.name })}
        </p>
      ) : null}

      {forLater ? <PickupTime order={order} timeZone={cafeTimeZone} /> : null}

      {remark ? (
        <p className="text-sm">
          <span className="text-[var(--ink-muted)]">{_('order.card.addition')} </span>
          {remark}
        </p>
      ) : null}

      {closed ? (
        <div className="flex flex-wrap items-center gap-2">
          <StatusPill tone={closed.tone}>{_(closed.labelId)}</StatusPill>
          {order.status === 'rejected' && order.rejectNote ? (
            <span className="text-sm text-[var(--ink-muted)]">{order.rejectNote}</span>
          ) : null}
        </div>
      ) : order.status === 'scheduled' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <StatusPill tone="neutral">{_('order.status.scheduled')}</StatusPill>
            <p className="mt-1 text-sm text-[var(--ink-muted)]">{_('order.pickup.joinsQueue')}</p>
          </div>
          {cancelButton}
        </div>
      ) : (
        <OrderStatusBar status={order.status} />
      )}

      {order.status === 'ordered' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <p className="font-semibold text-[var(--accent-strong)]">
              {order.queue_at == null
                ? // Just joined (an order for later released, a start undone): its place is being read.
                  _('order.card.joiningQueue')
                : order.queue_at > 1
                  ? _('order.card.queueNumber', { number: order.queue_at - 1 })
                  : _('order.card.yourTurn')}
            </p>
            {/* An order for later's one time is its pickup time: no wait estimate beside it. */}
            {order.estimatedWaitMinutes != null && !order.pickupAt ? (
              <p className="inline-flex items-center gap-1 text-sm text-[var(--ink-muted)]">
                <Hourglass aria-hidden="true" className="h-3.5 w-3.5" />
                {_('order.card.estimatedWait', { minutes: order.estimatedWaitMinutes })}
              </p>
            ) : null}
          </div>
          {cancelButton}
        </div>
      ) : null}

      {order.status === 'in-progress' ? <p className="text-sm font-medium">{_('order.card.making')}</p> : null}

      {order.status === 'done' && order.remindedAt ? (
        <p className="inline-flex items-center gap-1 rounded-lg bg-[var(--warning-soft)] px-2 py-1 text-sm font-semibold">
          <BellRing aria-hidden="true" className="h-4 w-4 shrink-0" />
          {_('order.card.reminded')}
        </p>
      ) : null}

      {order.status === 'done' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-[var(--success)]">{_('shared.spec.pickUpHint')}</p>
          {onPickUp ? (
            <div className="flex flex-col items-end gap-1">
              <button
                type="button"
                className="btn-primary"
                onClick={() => onPickUp(order)}
                disabled={busy}
                aria-busy={busy || undefined}
              >
                {_('order.card.pickUp')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
