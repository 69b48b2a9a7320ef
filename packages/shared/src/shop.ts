import type { ShopMode, ShopValue } from './enums';
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
