import { useLingui } from '@lingui/react';
import type { QueuedOrder } from '@cafe/shared';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface OrderSectionProps {
  title: string;
  orders: readonly QueuedOrder[];
  className?: string;
  listClassName: string;
  renderOrder: (order: QueuedOrder) => ReactNode;
}

/** One section of the board (In Progress, Waiting): its heading with the count, and its tickets. */
export function OrderSection({ title, orders, className, listClassName, renderOrder }: OrderSectionProps) {
  const { _ } = useLingui();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('flex min-w-0 flex-col gap-2', className)}>
      <header className="flex flex-wrap items-baseline justify-between gap-x-2 border-b-2 border-[var(--border)] px-0.5 pb-1">
        <h2 id={headingId} className="text-lg leading-6 font-bold">
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
      ) : (
        <ul className={cn('grid gap-2', listClassName)}>
          {orders.map((order) => (
            <li key={order.id} className="min-w-0">
              {renderOrder(order)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
