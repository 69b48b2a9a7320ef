/**
 * What a move of an order writes besides its status: its times (taken, done, and the waits
 * between), and the pace of its line after it, worked out from the pace counted before it.
 */
import type { OrderStatus } from '@cafe/shared';
import type { OrderTimes } from './order-writes.repository';
import type { OrderRow } from './orders.repository';
import { RECENT_COMPLETIONS } from './wait-estimate';

/** Milliseconds from one ISO instant to a later one; null when either is missing or they run backwards. */
function millisBetween(from: string | null, to: string): number | null {
  if (!from) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/** The order's times a move to `to` at `at` writes: taken (and the wait before it), done (and the preparation). */
export function timesOf(row: OrderRow, to: OrderStatus, at: string): OrderTimes {
  // A tumbler mark belongs to an order still to be made: any other move ends it.
  const tumbler = row.tumbler_missing_at && to !== 'in-progress' ? { tumbler_missing_at: null } : {};
  if (to === 'in-progress') return { taken_at: at, wait_ms: millisBetween(row.order_date, at) };
  if (to === 'done') return { done_at: at, prep_ms: millisBetween(row.taken_at, at), ...tumbler };
  return tumbler;
}

/** What taking back a move to `undone` clears: the times that move wrote. */
export function timesUndone(undone: OrderStatus): OrderTimes {
  if (undone === 'in-progress') return { taken_at: null, wait_ms: null };
  if (undone === 'done') return { done_at: null, prep_ms: null, reminded_at: null };
  return {};
}

/**
 * A line's drinks in progress and latest completions (newest first) after a move of `row` to `to`
 * that writes `times`, from the same as counted before it; null when they cannot be told without a
 * read (a completion taken back from a full list: the one before the list is not known).
 */
export function paceAfterMove(
  before: { inProgress: number; completions: readonly string[] },
  row: OrderRow,
  to: OrderStatus,
  times: OrderTimes,
): { inProgress: number; completions: string[] } | null {
  const inProgress = before.inProgress + (to === 'in-progress' ? 1 : 0) - (row.status === 'in-progress' ? 1 : 0);
  const completions = [...before.completions];
  const doneAfter = times.done_at === undefined ? row.done_at : times.done_at;
  if (doneAfter === row.done_at) return { inProgress, completions };
  if (row.done_at !== null) {
    const at = completions.indexOf(row.done_at);
    if (at >= 0) {
      if (completions.length >= RECENT_COMPLETIONS) return null;
      completions.splice(at, 1);
    }
  }
  if (doneAfter !== null) {
    completions.push(doneAfter);
    completions.sort((a, b) => b.localeCompare(a));
  }
  return { inProgress, completions: completions.slice(0, RECENT_COMPLETIONS) };
}
