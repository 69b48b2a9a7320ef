import type { Order } from '@cafe/shared';
import { i18n } from '@/i18n';

/** One line of the all-day counts: how many of a drink are waiting. */
export interface DrinkCount {
  menuId: number;
  name: string;
  count: number;
}

/**
 * How many of each drink are waiting (a kitchen display's "all day"): by menu item, the most
 * asked-for first, then by name, so a barista can make several of one drink at once.
 */
export function allDayCounts(orders: readonly Pick<Order, 'status' | 'menu'>[]): DrinkCount[] {
  const byMenu = new Map<number, DrinkCount>();
  for (const order of orders) {
    if (order.status !== 'ordered') continue;
    const count = byMenu.get(order.menu.id);
    if (count) count.count += 1;
    else byMenu.set(order.menu.id, { menuId: order.menu.id, name: order.menu.name, count: 1 });
  }
  return [...byMenu.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** The chip's text, e.g. "Latte x4". */
export function drinkCountLabel(count: Pick<DrinkCount, 'name' | 'count'>): string {
  return i18n._('barista.allDay.count', { name: count.name, count: count.count });
}
