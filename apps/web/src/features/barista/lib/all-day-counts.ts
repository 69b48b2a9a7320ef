import type { Order, OrderStatus } from '@cafe/shared';
import { i18n } from '@/i18n';

/** One line of the all-day counts: how many of a drink (an item, in one size) are waiting. */
export interface DrinkCount {
  /** The item and its size: what a chip narrows the board to. */
  key: string;
  menuId: number;
  /** The item's name, with the size when the drink has one ("Latte Large"). */
  name: string;
  count: number;
}

type Counted = Pick<Order, 'status' | 'menu' | 'options'>;

/** The size an order chose (its choice of a group named Size), or null. */
export function sizeOf(order: Pick<Order, 'options'>): string | null {
  return order.options?.find((o) => o.group.trim().toLowerCase() === 'size')?.choice ?? null;
}

/** An order's drink for the counts: its item, and its size when it has one. */
export function drinkKey(order: Pick<Order, 'menu' | 'options'>): string {
  const size = sizeOf(order);
  return size === null ? String(order.menu.id) : `${order.menu.id}:${size}`;
}

/**
 * How many of each drink are waiting (a kitchen display's "all day"): by menu item and size, the most
 * asked-for first, then by name, so a barista can make several of one drink at once. `statuses`:
 * the orders counted (waiting ones unless told; the totals strip counts those in progress too).
 */
export function allDayCounts(orders: readonly Counted[], statuses: readonly OrderStatus[] = ['ordered']): DrinkCount[] {
  const byMenu = new Map<string, DrinkCount>();
  for (const order of orders) {
    if (!statuses.includes(order.status)) continue;
    const key = drinkKey(order);
    const count = byMenu.get(key);
    const size = sizeOf(order);
    if (count) count.count += 1;
    else
      byMenu.set(key, {
        key,
        menuId: order.menu.id,
        name: size === null ? order.menu.name : `${order.menu.name} ${size}`,
        count: 1,
      });
  }
  return [...byMenu.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** The chip's text, e.g. "Latte x4". */
export function drinkCountLabel(count: Pick<DrinkCount, 'name' | 'count'>): string {
  return i18n._('barista.allDay.count', { name: count.name, count: count.count });
}
