import { useLingui } from '@lingui/react';
import type { OrderRun, QueuedOrder } from '@cafe/shared';
import { useId, type CSSProperties, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { laneItems } from '@/features/barista/lib/run-groups';

interface OrderSectionProps {
  title: string;
  orders: readonly QueuedOrder[];
  className?: string;
  /** The columns of its tickets on a tablet or a desktop (lib/lane-columns.ts); below, one to three by width. */
  columns: number;
  renderOrder: (order: QueuedOrder) => ReactNode;
  /**
   * A coffee run's drinks in this section, together (components/run-group.tsx): `drinks` is the
   * list of their tickets. Without it each drink is a ticket of its own.
   */
  renderRun?: (run: OrderRun, orders: QueuedOrder[], drinks: ReactNode) => ReactNode;
  /** A control of the lane in its header, after the count (the lane's own Select). */
  action?: ReactNode;
}

/**
 * A lane's list of tickets: one to three columns by the width of a phone, and on a tablet or a
 * desktop the lane's own count of columns (`--lane-cols`, docs/decisions/0098-board-holds-any-count.md).
 */
export const LANE_LIST =
  'grid gap-2 grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-[repeat(var(--lane-cols,1),minmax(0,1fr))]';

/** The style that gives a lane's lists its columns on a tablet or a desktop. */
export const laneColumnsStyle = (columns: number) => ({ '--lane-cols': Math.max(1, columns) }) as CSSProperties;

/**
 * A lane's frame on a tablet or a desktop: as tall as the row of lanes, its header always in view
 * and its tickets scrolling on their own; the page itself never scrolls. Room above the tickets for
 * the marks on their top edge ("New"), and around them for the focus ring.
 */
export const LANE_FRAME =
  'flex min-w-0 flex-col gap-2 lg:min-h-0 lg:rounded-2xl lg:bg-[var(--surface-sunken)] lg:p-1.5';
export const LANE_BODY =
  'lg:-mx-1 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:overscroll-contain lg:px-1 lg:pt-3 lg:pb-1';

/** One section of the board (In Progress, Waiting): its heading with the count, and its tickets. */
export function OrderSection({ title, orders, className, columns, renderOrder, renderRun, action }: OrderSectionProps) {
  const headingId = useId();
  const ticket = (order: QueuedOrder) => (
    <li key={order.id} className="min-w-0">
      {renderOrder(order)}
    </li>
  );
  return (
    <section
      aria-labelledby={headingId}
      data-lane=""
      style={laneColumnsStyle(columns)}
      className={cn(LANE_FRAME, className)}
    >
      <LaneHeader id={headingId} title={title} count={orders.length}>
        {action}
      </LaneHeader>
      {orders.length === 0 ? (
        <NothingHere />
      ) : (
        <div data-lane-body="" className={LANE_BODY}>
          <ul className={LANE_LIST}>
            {laneItems(orders, renderRun !== undefined).map((item) =>
              item.kind === 'order' ? (
                ticket(item.order)
              ) : (
                // A run spans the lane's width: its drinks stay side by side under their header.
                <li key={`run-${item.run.id}`} className="col-span-full min-w-0">
                  {renderRun?.(item.run, item.orders, <ul className={LANE_LIST}>{item.orders.map(ticket)}</ul>)}
                </li>
              ),
            )}
          </ul>
        </div>
      )}
    </section>
  );
}

/** A lane's heading and its count ("5 Orders"): all an empty lane is on a tablet. */
export function LaneHeader({
  id,
  title,
  count,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  count: number;
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <header className="flex shrink-0 flex-wrap items-baseline justify-between gap-x-2 border-b-2 border-[var(--border)] px-0.5 pb-1">
      {/* Focusable from code: where the focus goes when a run or a drink it held has left the board. */}
      <h2 id={id} ref={headingRef} tabIndex={-1} className="text-lg leading-6 font-bold break-words">
        {title}
      </h2>
      <span className="text-base font-semibold whitespace-nowrap text-[var(--ink-muted)]">
        {_('barista.board.orderCount', { count })}
      </span>
      {children}
    </header>
  );
}

/** An empty lane's note. */
export function NothingHere() {
  const { _ } = useLingui();
  return (
    <p className="rounded-xl border-2 border-dashed border-[var(--border)] p-2 text-center text-sm text-[var(--ink-muted)]">
      {_('barista.board.nothingHere')}
    </p>
  );
}
