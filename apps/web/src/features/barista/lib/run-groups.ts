import type { OrderRun, QueuedOrder } from '@cafe/shared';
import { i18n } from '@/i18n';

/** What a lane shows: a drink of its own, or a coffee run's drinks in that lane, together. */
export type LaneItem = { kind: 'order'; order: QueuedOrder } | { kind: 'run'; run: OrderRun; orders: QueuedOrder[] };

/**
 * A lane's orders with each run's drinks gathered where its first drink stands, in the order they
 * were added to the run (its "1/5", "2/5"...): the run is made and collected together, and the
 * next and previous keys walk the tickets in the order they are drawn. `grouped` false: each
 * order an item of its own (a lane drawn without its runs' groups).
 */
export function laneItems(orders: readonly QueuedOrder[], grouped = true): LaneItem[] {
  const items: LaneItem[] = [];
  const groups = new Map<number, Extract<LaneItem, { kind: 'run' }>>();
  for (const order of orders) {
    if (!order.run || !grouped) {
      items.push({ kind: 'order', order });
      continue;
    }
    const group = groups.get(order.run.id);
    if (group) group.orders.push(order);
    else {
      const created = { kind: 'run' as const, run: order.run, orders: [order] };
      groups.set(order.run.id, created);
      items.push(created);
    }
  }
  for (const group of groups.values()) group.orders.sort((a, b) => (a.run?.position ?? 0) - (b.run?.position ?? 0));
  return items;
}

/** The orders as a lane draws them (laneItems, flattened). */
export function inLaneOrder(orders: readonly QueuedOrder[]): QueuedOrder[] {
  return laneItems(orders).flatMap((item) => (item.kind === 'run' ? item.orders : [item.order]));
}

/** A run as the board names it: "Ann's run for Meeting room 3" (or "The run for ..." once its runner is gone). */
export function runName(run: Pick<OrderRun, 'place' | 'runner'>): string {
  return run.runner
    ? i18n._('barista.run.name', { runner: run.runner.name, place: run.place })
    : i18n._('barista.run.nameNoRunner', { place: run.place });
}
