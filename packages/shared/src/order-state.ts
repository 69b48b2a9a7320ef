import type { CategoryFor, OrderStatus } from './enums';

export type OrderActor = 'owner' | 'barista';

/** The order state machine (docs/api.md "Order rules"): who may move an order from what to what. */
export const ORDER_TRANSITIONS: Record<OrderActor, Partial<Record<OrderStatus, readonly OrderStatus[]>>> = {
  owner: { scheduled: ['cancel'], ordered: ['cancel'], done: ['picked'] },
  // A scheduled order moves to `ordered` by itself when it is due; a barista may start it early.
  // A finished drink is handed over (`picked`) or, after the site's time, marked not collected.
  barista: {
    scheduled: ['in-progress', 'rejected'],
    ordered: ['in-progress', 'rejected'],
    'in-progress': ['done', 'rejected'],
    done: ['picked', 'uncollected'],
  },
};

export function canTransition(actor: OrderActor, from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[actor][from]?.includes(to) ?? false;
}

/**
 * The only moves back the state machine has: a barista's Do, Done or reject taken back within
 * LIMITS.undoWindowSeconds (POST /order/barista/{id}/undo), each recorded in the order's history.
 */
export const UNDO_REVERSALS: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  'in-progress': ['ordered'],
  done: ['in-progress'],
  rejected: ['scheduled', 'ordered', 'in-progress'],
  // A barista's handover or "not collected" (not the owner's own pick-up).
  picked: ['done'],
  uncollected: ['done'],
};

export function canUndo(from: OrderStatus, to: OrderStatus): boolean {
  return UNDO_REVERSALS[from]?.includes(to) ?? false;
}

/**
 * Whether an order has a tumbler at the counter to look for (the tumbler rule): a cafe order a
 * person placed to be served into their own tumbler (`ownCup`). A bar order's `tumblerImage` is the
 * drink's description, a walk-up's person stands at the counter with their cup or none, and a coffee
 * run's drink in the runner's tray has no tumbler at all: none of them can be marked "tumbler not
 * here" (docs/decisions/0099-no-hidden-orders.md).
 */
export function hasTumbler(order: { categoryFor: CategoryFor; walkUp: boolean; ownCup: boolean }): boolean {
  return order.categoryFor === 'cafe' && !order.walkUp && order.ownCup;
}

/** The instant (ms) from which a barista may mark a drink finished at `doneAt` (ISO) not collected. */
export function uncollectedFrom(doneAt: string, uncollectedAfterMinutes: number): number {
  return Date.parse(doneAt) + uncollectedAfterMinutes * 60_000;
}

/** Labels of the user's status bar. */
export const STATUS_STEP_LABELS = ['Waiting', 'In progress', 'Finished'] as const;

export function statusStep(status: OrderStatus): 0 | 1 | 2 {
  if (status === 'in-progress') return 1;
  if (status === 'done' || status === 'picked' || status === 'uncollected') return 2;
  return 0;
}

/** The user's queue text (docs/api.md "Shared rules"). */
export function queueText(queueAt: number | null | undefined): string {
  if (queueAt != null && queueAt > 1) return `Queue no: ${queueAt - 1}`;
  return 'It is your turn!';
}
