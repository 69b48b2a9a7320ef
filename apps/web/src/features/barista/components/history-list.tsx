import { useLingui } from '@lingui/react';
import { isStatusIn, SERVED_ORDER_STATUSES, type CafeDay, type Order, type OrderStatus } from '@cafe/shared';
import { useId } from 'react';
import { StatusPill, type PillTone } from '@/components/ui';
import { useScreenSite } from '@/api/site-state';
import { formatCafeTime, formatDay } from '@/lib/cafe-time';
import { drinkTypeText } from '@/lib/drink-text';
import { groupHistory, historyStatusLabel, type HistoryGroup } from '@/features/barista/lib/history';
import { orderLabel } from '@/features/barista/lib/order-label';
import { rejectReasonText } from '@/features/barista/lib/reject-reason';
import { OrderOptions } from './order-options';
import { TimelineButton } from './ticket-controls';
import { TicketDiet } from './ticket-diet';

function toneOf(status: OrderStatus): PillTone {
  if (isStatusIn(SERVED_ORDER_STATUSES, status)) return 'success';
  if (status === 'rejected') return 'danger';
  return 'neutral';
}

/**
 * Finished orders grouped by cafe day, newest first, with the served count of each day: from
 * `totals` when given (the whole day, as the server counts it), else counted from `orders`. Each
 * entry opens its timeline when `onShowTimeline` is given.
 */
export function HistoryList({
  orders,
  totals,
  onShowTimeline,
}: {
  orders: readonly Order[];
  totals?: ReadonlyMap<CafeDay, number>;
  onShowTimeline?: (order: Order) => void;
}) {
  const { timeZone: cafeTimeZone } = useScreenSite();
  const groups = groupHistory(orders, cafeTimeZone, totals);
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => (
        <HistoryDay key={group.day} group={group} timeZone={cafeTimeZone} onShowTimeline={onShowTimeline} />
      ))}
    </div>
  );
}

function HistoryDay({
  group: { day, total, orders },
  timeZone,
  onShowTimeline,
}: {
  group: HistoryGroup<Order>;
  timeZone: string;
  onShowTimeline?: (order: Order) => void;
}) {
  const { _ } = useLingui();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card overflow-hidden">
      <header className="flex flex-wrap items-baseline justify-between gap-2 bg-[var(--surface-sunken)] px-4 py-3">
        <h2 id={headingId} className="text-lg font-bold">
          {formatDay(day, 'long')}
        </h2>
        <p className="font-semibold">{_('barista.history.total', { total })}</p>
      </header>
      <ul className="divide-y divide-[var(--border)]">
        {orders.map((order) => (
          <li
            key={order.id}
            className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[4rem_1fr_auto]"
          >
            <time dateTime={order.orderDate} className="text-lg font-bold tabular-nums">
              {formatCafeTime(order.orderDate, timeZone)}
            </time>
            <div className="min-w-0">
              <p className="text-lg font-semibold break-words">{order.menu.name}</p>
              <p className="text-[var(--ink-muted)]">
                {[
                  drinkTypeText(order.type) || null,
                  order.menu.category.categoryFor === 'cafe' && order.sweetness !== null
                    ? _('barista.ticket.sweetness', { sweetness: order.sweetness })
                    : null,
                  order.user.name,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <OrderOptions options={order.options} paragraph />
              <TicketDiet order={order} />
              {order.status === 'rejected' && order.rejectNote ? (
                <p className="text-sm text-[var(--danger)]">{rejectReasonText(order.rejectNote)}</p>
              ) : null}
            </div>
            <div className="col-start-2 flex items-center gap-2 sm:col-start-3 sm:row-start-1 sm:self-center">
              <StatusPill tone={toneOf(order.status)} className="text-sm">
                {historyStatusLabel(order.status)}
              </StatusPill>
              {onShowTimeline ? (
                <TimelineButton
                  label={orderLabel(order)}
                  onClick={() => onShowTimeline(order)}
                  className="btn-ghost min-w-11 px-2"
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
