import type { OrderRun, QueuedOrder } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { cafeDayOfIso, formatPickupTime } from '@/lib/cafe-time';
import { orderLabel, personLabel } from '@/features/barista/lib/order-label';
import { laneItems } from '@/features/barista/lib/run-groups';
import { OrderOptions } from './order-options';
import { TicketDiet } from './ticket-diet';

/**
 * Draws a coffee run's drinks of a lane under the run's header, with the move of the whole run;
 * `startable` false: a later day's run, made on its day (no move here; the server refuses one).
 */
export type RenderRun = (run: OrderRun, orders: QueuedOrder[], drinks: ReactNode, startable?: boolean) => ReactNode;

interface LaterLaneProps {
  orders: readonly QueuedOrder[];
  timeZone: string;
  /** Today at the site (the board's): a run of a later day is made on its day. */
  today: string;
  /**
   * A coffee run's drinks (orders for its pickup slot) as one group that the counter can start
   * together before they fall due; without it, each drink on its own line.
   */
  renderRun?: RenderRun;
}

function LaterLine({ order, timeZone }: { order: QueuedOrder; timeZone: string }) {
  return (
    <li
      aria-label={order.run ? orderLabel(order) : undefined}
      className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5 text-sm"
    >
      <time dateTime={order.pickupAt} className="min-w-12 font-bold tabular-nums">
        {order.pickupAt ? formatPickupTime(order.pickupAt, timeZone) : ''}
      </time>
      <span className="font-semibold">{order.menu.name}</span>
      <OrderOptions options={order.options} />
      <span className="text-[var(--ink-muted)]">{personLabel(order)}</span>
      <TicketDiet order={order} className="basis-full" />
    </li>
  );
}

/**
 * The orders for later of the site (docs/api.md, "Orders for later"), soonest first with their
 * pickup time: each moves to Waiting by itself when it falls due (with the chime of a new order).
 * On a tablet or a desktop it is the board's last lane, one column of lines that scrolls on its own;
 * on a phone it comes first, a short list that scrolls within, so the tickets are not pushed down
 * (docs/decisions/0098-board-holds-any-count.md, 0075-board-lanes-and-chrome.md).
 */
export function LaterLane({ orders, timeZone, today, renderRun }: LaterLaneProps) {
  const { _ } = useLingui();
  const sorted = [...orders].sort((a, b) => (a.pickupAt ?? '').localeCompare(b.pickupAt ?? '') || a.id - b.id);
  const items = laneItems(sorted, renderRun !== undefined);
  const line = (order: QueuedOrder) => <LaterLine key={order.id} order={order} timeZone={timeZone} />;
  return (
    <section
      aria-labelledby="later-lane-heading"
      data-lane=""
      className="card flex min-w-0 flex-col px-3 py-2 lg:min-h-0 lg:border-0 lg:bg-[var(--surface-sunken)] lg:p-1.5 lg:shadow-none"
    >
      <h2
        id="later-lane-heading"
        className="flex shrink-0 items-center gap-2 text-base font-bold lg:border-b-2 lg:border-[var(--border)] lg:px-0.5 lg:pb-1 lg:text-lg lg:leading-6"
      >
        <CalendarClock aria-hidden="true" className="h-5 w-5 shrink-0" />
        {_('barista.later.heading', { count: sorted.length })}
      </h2>
      {sorted.length === 0 ? (
        <p className="py-1 text-sm text-[var(--ink-muted)]">{_('barista.later.empty')}</p>
      ) : (
        // A phone: a short list that scrolls within, above the tickets; a tablet: the lane's height.
        <ul
          data-lane-body=""
          className="max-h-48 divide-y divide-[var(--border)] overflow-y-auto overscroll-contain lg:max-h-none lg:min-h-0 lg:flex-1"
        >
          {items.map((item) =>
            item.kind === 'order' ? (
              line(item.order)
            ) : (
              <li key={`run-${item.run.id}`} className="py-1.5">
                {renderRun?.(
                  item.run,
                  item.orders,
                  <ul className="divide-y divide-[var(--border)] rounded-xl bg-[var(--surface)] px-2">
                    {item.orders.map(line)}
                  </ul>,
                  item.orders.every((o) => !o.pickupAt || cafeDayOfIso(o.pickupAt, timeZone) <= today),
                )}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
