import { drinkTypeLabel, MESSAGES, queueText, textOrEmpty, type QueuedOrder } from '@cafe/shared';
import { Clock, Hourglass } from 'lucide-react';
import { StatusPill, type PillTone } from '@/components/ui';
import { useSettings } from '@/api/settings';
import { formatCafeTime } from '@/lib/cafe-time';
import { cn } from '@/lib/cn';
import { cardTimeOf, isCafeOrder } from '@/features/order-ahead/lib/order-display';
import { DrinkTypeIcon } from './drink-type-icon';
import { OrderStatusBar } from './order-status-bar';

interface OrderCardProps {
  order: QueuedOrder;
  onCancel?: (order: QueuedOrder) => void;
  onPickUp?: (order: QueuedOrder) => void;
  /** A change of this order is being sent. */
  busy?: boolean;
}

const CLOSED_LABELS: Partial<Record<QueuedOrder['status'], { label: string; tone: PillTone }>> = {
  picked: { label: 'Picked up', tone: 'success' },
  cancel: { label: 'Canceled', tone: 'neutral' },
  rejected: { label: 'Canceled By Barista', tone: 'danger' },
};

/** One of today's orders on My orders. */
export function OrderCard({ order, onCancel, onPickUp, busy = false }: OrderCardProps) {
  const { cafeTimeZone } = useSettings();
  const time = cardTimeOf(order);
  const remark = textOrEmpty(order.remark);
  const description = textOrEmpty(order.tumblerImage);
  const closed = CLOSED_LABELS[order.status];
  const cafe = isCafeOrder(order);
  const titleId = `order-${order.id}-title`;

  return (
    <article aria-labelledby={titleId} className={cn('card flex flex-col gap-3 p-4', closed && 'shadow-none')}>
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate text-lg font-semibold">
            {order.menu.name}
          </h3>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-[var(--ink-muted)]">
            {cafe && order.type ? (
              <span className="inline-flex items-center gap-1">
                <DrinkTypeIcon type={order.type} />
                {drinkTypeLabel(order.type)}
              </span>
            ) : null}
            {cafe && order.sweetness != null ? <span>Sweetness {order.sweetness}%</span> : null}
            {!cafe && description ? <span>{description}</span> : null}
          </p>
        </div>
        <time dateTime={time} className="inline-flex shrink-0 items-center gap-1 text-sm text-[var(--ink-muted)]">
          <Clock aria-hidden="true" className="h-4 w-4" />
          {formatCafeTime(time, cafeTimeZone)}
        </time>
      </header>

      {remark ? (
        <p className="text-sm">
          <span className="text-[var(--ink-muted)]">Addition: </span>
          {remark}
        </p>
      ) : null}

      {closed ? (
        <div className="flex flex-wrap items-center gap-2">
          <StatusPill tone={closed.tone}>{closed.label}</StatusPill>
          {order.status === 'rejected' && order.rejectNote ? (
            <span className="text-sm text-[var(--ink-muted)]">{order.rejectNote}</span>
          ) : null}
        </div>
      ) : (
        <OrderStatusBar status={order.status} />
      )}

      {order.status === 'ordered' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <p className="font-semibold text-[var(--accent-strong)]">{queueText(order.queue_at)}</p>
            {order.estimatedWaitMinutes != null ? (
              <p className="inline-flex items-center gap-1 text-sm text-[var(--ink-muted)]">
                <Hourglass aria-hidden="true" className="h-3.5 w-3.5" />
                Estimated wait: about {order.estimatedWaitMinutes} min
              </p>
            ) : null}
          </div>
          {onCancel ? (
            <button type="button" className="btn-secondary" onClick={() => onCancel(order)} disabled={busy}>
              Cancel
            </button>
          ) : null}
        </div>
      ) : null}

      {order.status === 'in-progress' ? <p className="text-sm font-medium">The barista is making your drink.</p> : null}

      {order.status === 'done' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-[var(--success)]">{MESSAGES.pickUpHint}</p>
          {onPickUp ? (
            <button
              type="button"
              className="btn-primary"
              onClick={() => onPickUp(order)}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              Pick Up
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
