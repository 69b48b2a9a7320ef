import { useLingui } from '@lingui/react';
import type { OrderRun, QueuedOrder } from '@cafe/shared';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { laneItems } from '@/features/barista/lib/run-groups';

interface OrderSectionProps {
  title: string;
  orders: readonly QueuedOrder[];
  className?: string;
  listClassName: string;
  renderOrder: (order: QueuedOrder) => ReactNode;
  /**
   * A coffee run's drinks in this section, together (components/run-group.tsx): `drinks` is the
   * list of their tickets. Without it each drink is a ticket of its own.
   */
  renderRun?: (run: OrderRun, orders: QueuedOrder[], drinks: ReactNode) => ReactNode;
}

/** One section of the board (In Progress, Waiting): its heading with the count, and its tickets. */
export function OrderSection({ title, orders, className, listClassName, renderOrder, renderRun }: OrderSectionProps) {
  const { _ } = useLingui();
  const headingId = useId();
  const ticketList = (list: readonly QueuedOrder[]) => (
    <ul className={cn('grid gap-2', listClassName)}>
      {list.map((order) => (
        <li key={order.id} className="min-w-0">
          {renderOrder(order)}
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-labelledby={headingId} className={cn('flex min-w-0 flex-col gap-2', className)}>
      <header className="flex flex-wrap items-baseline justify-between gap-x-2 border-b-2 border-[var(--border)] px-0.5 pb-1">
        {/* Focusable from code: where the focus goes when a run it held has left the board. */}
        <h2 id={headingId} tabIndex={-1} className="text-lg leading-6 font-bold">
          {title}
        </h2>
        <span className="text-base font-semibold text-[var(--ink-muted)]">
          {_('barista.board.orderCount', { count: orders.length })}
        </span>
      </header>
      {orders.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-[var(--border)] p-3 text-center text-sm text-[var(--ink-muted)]">
          {_('barista.board.nothingHere')}
        </p>
      ) : !renderRun ? (
        ticketList(orders)
      ) : (
        <ul className={cn('grid gap-2', listClassName)}>
          {laneItems(orders).map((item) =>
            item.kind === 'order' ? (
              <li key={item.order.id} className="min-w-0">
                {renderOrder(item.order)}
              </li>
            ) : (
              // A run spans the grid's width: its drinks stay side by side under their header.
              <li key={`run-${item.run.id}`} className="col-span-full min-w-0">
                {renderRun(item.run, item.orders, ticketList(item.orders))}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
