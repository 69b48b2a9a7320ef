import { DEFAULT_PICKUP_SETTINGS, type Order } from '@cafe/shared';
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

/** The instant (ms) from which a barista may mark a finished drink not collected. */
export function uncollectedFrom(
  order: Pick<Order, 'doneAt' | 'updatedAt'>,
  uncollectedAfterMinutes: number = DEFAULT_PICKUP_SETTINGS.uncollectedAfterMinutes,
): number {
  return Date.parse(readySince(order)) + uncollectedAfterMinutes * 60_000;
}

export function canMarkUncollected(
  order: Pick<Order, 'status' | 'doneAt' | 'updatedAt'>,
  uncollectedAfterMinutes: number,
  now: number,
): boolean {
  return order.status === 'done' && now >= uncollectedFrom(order, uncollectedAfterMinutes);
}

/** Only a cafe order a person placed with a tumbler photo has a tumbler to look for (not the bar, not a walk-up). */
export function hasTumbler(order: Pick<Order, 'menu' | 'walkUp'>): boolean {
  return order.menu.category.categoryFor === 'cafe' && !order.walkUp;
}

/** "Tumbler: 4:12 left", as the ticket shows it. */
export function tumblerCountdownText(seconds: number): string {
  return i18n._('barista.tumbler.countdown', { time: formatCountdown(seconds) });
}
