import type { Order, OrderStatus } from '@cafe/shared';
import { i18n } from '@/i18n';
import { allDayCounts, sizeOf, type DrinkCount } from './all-day-counts';

/** One choice of the totals: how many of it the orders still to make need ("Oat ×5", "Extra shot ×12"). */
export interface ChoiceCount {
  key: string;
  /** The choice's group ("Milk"), which says what the choice is. */
  group: string;
  choice: string;
  count: number;
}

/** What the totals strip counts: the orders waiting and those being made. */
export const TO_MAKE: readonly OrderStatus[] = ['ordered', 'in-progress'];

type Counted = Pick<Order, 'status' | 'menu' | 'options'>;

/**
 * What the open orders need in total (a kitchen display's production item count): the drinks by
 * item and size (the all-day counts over the orders waiting and in progress), and every option
 * choice they carry but the size (already in the drink), its quantity counted ("2× Extra shot" is
 * two). The most needed first, then by name.
 */
export function productionTotals(orders: readonly Counted[]): { drinks: DrinkCount[]; choices: ChoiceCount[] } {
  const choices = new Map<string, ChoiceCount>();
  for (const order of orders) {
    if (!TO_MAKE.includes(order.status)) continue;
    const size = sizeOf(order);
    for (const option of order.options ?? []) {
      if (size !== null && option.choice === size && option.group.trim().toLowerCase() === 'size') continue;
      const key = `${option.groupId}:${option.choiceId}`;
      const count = choices.get(key);
      if (count) count.count += option.quantity;
      else choices.set(key, { key, group: option.group, choice: option.choice, count: option.quantity });
    }
  }
  return {
    drinks: allDayCounts(orders, TO_MAKE),
    choices: [...choices.values()].sort((a, b) => b.count - a.count || a.choice.localeCompare(b.choice)),
  };
}

/** A total's text: "Latte ×4", "Oat ×5". */
export function totalLabel(total: { name: string; count: number }): string {
  return i18n._('barista.totals.count', { name: total.name, count: total.count });
}
