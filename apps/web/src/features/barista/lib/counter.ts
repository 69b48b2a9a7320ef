import { hasTumbler, uncollectedFrom, type Order } from '@cafe/shared';
import { i18n } from '@/i18n';
import { formatCountdown } from '@/lib/countdown';

/**
 * The counter's day on the board (docs/decisions/0049-counter-day-screens.md): the countdown of a
 * tumbler marked not here, the age of a finished drink in the Ready lane, and when a drink may be
 * marked not collected. The server decides in the end; these only say what to show.
 */

/** Since when a finished drink waits on the counter: its doneAt, else its last change (a server before doneAt). */
export function readySince(order: Pick<Order, 'doneAt' | 'updatedAt'>): string {
  return order.doneAt ?? order.updatedAt;
}

/** Whether a barista may mark a finished drink not collected now (the server's rule: `uncollectedFrom`). */
export function canMarkUncollected(
  order: Pick<Order, 'status' | 'doneAt' | 'updatedAt'>,
  uncollectedAfterMinutes: number,
  now: number,
): boolean {
  return order.status === 'done' && now >= uncollectedFrom(readySince(order), uncollectedAfterMinutes);
}

/**
 * Whether the ticket has a tumbler to look for (the server's rule: `hasTumbler`): not a coffee run's
 * drink in the runner's tray, a walk-up or a bar order. An order from a server before `ownCup` says
 * it by its tumbler photo (a tray drink has none).
 */
export function orderHasTumbler(order: Pick<Order, 'menu' | 'walkUp' | 'ownCup' | 'tumblerImage'>): boolean {
  return hasTumbler({
    categoryFor: order.menu.category.categoryFor,
    walkUp: order.walkUp === true,
    ownCup: order.ownCup ?? order.tumblerImage !== '',
  });
}

/** "Tumbler: 4:12 left", as the ticket shows it. */
export function tumblerCountdownText(seconds: number): string {
  return i18n._('barista.tumbler.countdown', { time: formatCountdown(seconds) });
}
