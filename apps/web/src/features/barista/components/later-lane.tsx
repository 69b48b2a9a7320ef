import type { QueuedOrder } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { CalendarClock } from 'lucide-react';
import { formatPickupTime } from '@/lib/cafe-time';
import { cn } from '@/lib/cn';
import { OrderOptions } from './order-options';
import { TicketDiet } from './ticket-diet';

interface LaterLaneProps {
  orders: readonly QueuedOrder[];
  timeZone: string;
  className?: string;
}

/**
 * The orders for later of the site (docs/api.md, "Orders for later"), soonest first with their
 * pickup time: each moves to Waiting by itself when it falls due (with the chime of a new order).
 * On the board it heads the side column, above Ready, and first on a phone: seen without
 * scrolling past the tickets; a long list scrolls within (docs/decisions/0075-board-lanes-and-chrome.md).
 */
export function LaterLane({ orders, timeZone, className }: LaterLaneProps) {
  const { _ } = useLingui();
  const sorted = [...orders].sort((a, b) => (a.pickupAt ?? '').localeCompare(b.pickupAt ?? '') || a.id - b.id);
  return (
    <section aria-labelledby="later-lane-heading" className={cn('card px-3 py-2', className)}>
      <h2 id="later-lane-heading" className="flex items-center gap-2 text-base font-bold">
        <CalendarClock aria-hidden="true" className="h-5 w-5" />
        {_('barista.later.heading', { count: sorted.length })}
      </h2>
      {sorted.length === 0 ? (
        <p className="py-1 text-sm text-[var(--ink-muted)]">{_('barista.later.empty')}</p>
      ) : (
        <ul className="max-h-48 divide-y divide-[var(--border)] overflow-y-auto">
          {sorted.map((order) => (
            <li key={order.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5 text-sm">
              <time dateTime={order.pickupAt} className="min-w-12 font-bold tabular-nums">
                {order.pickupAt ? formatPickupTime(order.pickupAt, timeZone) : ''}
              </time>
              <span className="font-semibold">{order.menu.name}</span>
              <OrderOptions options={order.options} />
              <span className="text-[var(--ink-muted)]">{order.user.name}</span>
              <TicketDiet order={order} className="basis-full" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
