import type { CategoryFor, ShopMode, ShopValue } from './enums';
import type { CafeStatus } from './schemas';

/** docs/api.md "Shared rules": cafe only -> cafe-open; bar only -> bar-open; anything else -> all-close. */
export function shopModeOf(status: CafeStatus): ShopMode {
  if (status.isCafeOpen && !status.isBarOpen) return 'cafe-open';
  if (!status.isCafeOpen && status.isBarOpen) return 'bar-open';
  return 'all-close';
}

export function shopStatusFor(value: ShopValue): CafeStatus {
  if (value === 'cafe-open') return { isCafeOpen: true, isBarOpen: false };
  if (value === 'bar-open') return { isCafeOpen: false, isBarOpen: true };
  return { isCafeOpen: false, isBarOpen: false };
}

/**
 * The venues a change of the shop status closes: open before, closed after. Closing a venue
 * rejects its orders for later of the day with "The shop is closing" (docs/api/orders.md, "Orders
 * for later"): the server does it, and the board's confirmation counts them first.
 */
export function venuesClosing(before: CafeStatus, after: CafeStatus): CategoryFor[] {
  const closing: CategoryFor[] = [];
  if (before.isCafeOpen && !after.isCafeOpen) closing.push('cafe');
  if (before.isBarOpen && !after.isBarOpen) closing.push('bar');
  return closing;
}
