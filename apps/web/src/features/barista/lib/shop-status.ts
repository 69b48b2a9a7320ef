import {
  isStatusIn,
  shopStatusFor,
  TO_MAKE_ORDER_STATUSES,
  venuesClosing,
  type CafeStatus,
  type Order,
  type ShopMode,
  type Site,
} from '@cafe/shared';
import { shopChoicesOf, type ShopChoice } from '@/api/shop-status';
import { i18n, msgId } from '@/i18n';
import { cafeDayOfIso } from '@/lib/cafe-time';

export { shopChoiceOf, type ShopChoice } from '@/api/shop-status';

export const SHOP_CHOICES: readonly { value: ShopChoice; labelId: string; titleId: string; textId: string }[] = [
  {
    value: 'cafe-open',
    labelId: msgId('barista.shop.cafe'),
    titleId: msgId('barista.shop.openCafeTitle'),
    textId: msgId('barista.shop.openCafeText'),
  },
  {
    value: 'bar-open',
    labelId: msgId('barista.shop.bar'),
    titleId: msgId('barista.shop.openBarTitle'),
    textId: msgId('barista.shop.openBarText'),
  },
  {
    value: 'close-both',
    labelId: msgId('barista.shop.close'),
    titleId: msgId('barista.shop.closeBothTitle'),
    textId: msgId('barista.shop.closeBothText'),
  },
];

/** The selector's choices at a site: a venue it does not run is not offered. */
export function shopChoicesAt(venues: Site['venues']): typeof SHOP_CHOICES {
  const offered = shopChoicesOf(venues);
  return SHOP_CHOICES.filter((c) => offered.includes(c.value));
}

/** A choice with its texts in the interface's language: the selector's label, the confirmation's title and text. */
export function shopChoiceInfo(choice: ShopChoice): { value: ShopChoice; label: string; title: string; text: string } {
  const info = SHOP_CHOICES.find((c) => c.value === choice);
  if (!info) throw new Error(`unknown shop choice ${choice}`);
  return { value: info.value, label: i18n._(info.labelId), title: i18n._(info.titleId), text: i18n._(info.textId) };
}

/** Orders the barista still has to make. */
export function activeOrders<T extends Pick<Order, 'status'>>(orders: readonly T[]): T[] {
  return orders.filter((o) => isStatusIn(TO_MAKE_ORDER_STATUSES, o.status));
}

/**
 * The shop-status selector shows when nothing is waiting or being made, or when
 * everything is closed; otherwise the shop cannot be switched until the queue is cleared.
 */
export function canChangeShopStatus(mode: ShopMode, orders: readonly Pick<Order, 'status'>[]): boolean {
  return mode === 'all-close' || activeOrders(orders).length === 0;
}

/**
 * How many orders for later a choice cancels: closing a venue rejects its orders for later of
 * today with "The shop is closing" (venuesClosing, the server's rule). `later` is the board's Later
 * lane; null when it is not known (not read yet) and the choice closes a venue.
 */
export function laterOrdersCancelledBy(
  choice: ShopChoice,
  status: CafeStatus,
  later: readonly Pick<Order, 'status' | 'pickupAt' | 'menu'>[] | undefined,
  today: string,
  timeZone: string,
): number | null {
  const closing = venuesClosing(status, shopStatusFor(choice));
  if (closing.length === 0) return 0;
  if (!later) return null;
  return later.filter(
    (o) =>
      o.status === 'scheduled' &&
      o.pickupAt !== undefined &&
      closing.includes(o.menu.category.categoryFor) &&
      cafeDayOfIso(o.pickupAt, timeZone) === today,
  ).length;
}

/** What the confirmation says of the orders for later a choice cancels; null when it cancels none. */
export function laterCancelledText(cancelled: number | null): string | null {
  if (cancelled === 0) return null;
  return cancelled === null
    ? i18n._('barista.shop.laterCancelledUnknown')
    : i18n._('barista.shop.laterCancelled', { count: cancelled });
}
