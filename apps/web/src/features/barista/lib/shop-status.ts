import { isStatusIn, TO_MAKE_ORDER_STATUSES, type Order, type ShopMode } from '@cafe/shared';

/** What the barista may switch the shop to; `value` is the PATCH /cafe-status/{value} path. */
export type ShopChoice = 'cafe-open' | 'bar-open' | 'close-both';

export const SHOP_CHOICES: readonly { value: ShopChoice; label: string; title: string; text: string }[] = [
  { value: 'cafe-open', label: 'Cafe', title: 'Open Cafe', text: 'Click confirm to open cafe' },
  { value: 'bar-open', label: 'Bar', title: 'Open Bar', text: 'Click confirm to open bar' },
  { value: 'close-both', label: 'Close', title: 'Close Cafe and Bar', text: 'Click confirm to close cafe and bar' },
];

export function shopChoiceOf(mode: ShopMode): ShopChoice {
  return mode === 'all-close' ? 'close-both' : mode;
}

export function shopChoiceInfo(choice: ShopChoice) {
  const info = SHOP_CHOICES.find((c) => c.value === choice);
  if (!info) throw new Error(`unknown shop choice ${choice}`);
  return info;
}

/** Orders the barista still has to make. */
export function activeOrders<T extends Pick<Order, 'status'>>(orders: readonly T[]): T[] {
  return orders.filter((o) => isStatusIn(TO_MAKE_ORDER_STATUSES, o.status));
}

/**
 * SPEC "Barista order board": the selector shows when nothing is waiting or being made, or when
 * everything is closed; otherwise the shop cannot be switched until the queue is cleared.
 */
export function canChangeShopStatus(mode: ShopMode, orders: readonly Pick<Order, 'status'>[]): boolean {
  return mode === 'all-close' || activeOrders(orders).length === 0;
}
