import { drinkTypeLabel, isStatusIn, SERVED_ORDER_STATUSES, type Order, type OrderStatus } from '@cafe/shared';
import { useId } from 'react';
import { StatusPill, type PillTone } from '@/components/ui';
import { useSettings } from '@/api/settings';
import { formatCafeTime, formatDay } from '@/lib/cafe-time';
import { groupHistory, historyStatusLabel } from '@/features/barista/lib/history';

function toneOf(status: OrderStatus): PillTone {
  if (isStatusIn(SERVED_ORDER_STATUSES, status)) return 'success';
  if (status === 'rejected') return 'danger';
  return 'neutral';
}

/** Finished orders grouped by cafe day, newest first, with the served count of each day. */
export function HistoryList({ orders }: { orders: readonly Order[] }) {
  const { cafeTimeZone } = useSettings();
  const groups = groupHistory(orders, cafeTimeZone);
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => (
        <HistoryDay key={group.day} day={group.day} total={group.total} orders={group.orders} timeZone={cafeTimeZone} />
      ))}
    </div>
  );
}

function HistoryDay({
  day,
  total,
  orders,
  timeZone,
}: {
  day: string;
  total: number;
  orders: readonly Order[];
  timeZone: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card overflow-hidden">
      <header className="flex flex-wrap items-baseline justify-between gap-2 bg-[var(--surface-sunken)] px-4 py-3">
        <h2 id={headingId} className="text-lg font-bold">
          {formatDay(day, 'long')}
        </h2>
        <p className="font-semibold">{`Total Order: ${total}`}</p>
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
                  drinkTypeLabel(order.type) || null,
                  order.menu.category.categoryFor === 'cafe' && order.sweetness !== null
                    ? `Sweetness ${order.sweetness}%`
                    : null,
                  order.user.name,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {order.status === 'rejected' && order.rejectNote ? (
                <p className="text-sm text-[var(--danger)]">{order.rejectNote}</p>
              ) : null}
            </div>
            <div className="col-start-2 sm:col-start-3 sm:row-start-1 sm:self-center">
              <StatusPill tone={toneOf(order.status)} className="text-sm">
                {historyStatusLabel(order.status)}
              </StatusPill>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
