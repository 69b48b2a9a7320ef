import type { Order, QueueFilter } from '@cafe/shared';
import { msgId } from '@/i18n';

/** The drink group of a category name, for the board's filter: coffee, tea, or other (non-coffee, non-tea). */
export type DrinkGroup = 'coffee' | 'tea' | 'other';

export function drinkGroupOf(categoryName: string): DrinkGroup {
  const name = categoryName.toLowerCase();
  if (name.includes('coffee')) return 'coffee';
  if (name.includes('tea')) return 'tea';
  return 'other';
}

/** The coffee view shows coffee only; the tea view shows tea and every other non-coffee drink. */
export function matchesFilter(order: Pick<Order, 'menu'>, filter: QueueFilter): boolean {
  if (filter === 'all') return true;
  const group = drinkGroupOf(order.menu.category.name);
  return filter === 'coffee' ? group === 'coffee' : group !== 'coffee';
}

export function filterOrders<T extends Pick<Order, 'menu'>>(orders: readonly T[], filter: QueueFilter): T[] {
  return orders.filter((order) => matchesFilter(order, filter));
}

/** The filter's choices; each label is a message id, translated when shown. */
export const FILTER_OPTIONS: readonly { value: QueueFilter; labelId: string }[] = [
  { value: 'all', labelId: msgId('barista.filter.all') },
  { value: 'coffee', labelId: msgId('barista.filter.coffee') },
  { value: 'tea', labelId: msgId('barista.filter.tea') },
];
