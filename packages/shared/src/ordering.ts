import { isFridayCafeCutoff } from './cafe-time';
import type { ErrorCode } from './errors';
import { peopleText, type PeopleText } from './people-text';

/** Why an item cannot be ordered right now; null when it can. */
export type OrderBlock = {
  code: Extract<
    ErrorCode,
    'MENU_UNAVAILABLE' | 'CAFE_CLOSED' | 'CAFE_MENU_CLOSED_FRIDAY' | 'BAR_CLOSED' | 'BAR_ORDERING_DISABLED'
  >;
  /** What the person reads (the people catalogue's message). */
  text: PeopleText;
};

export interface OrderableInput {
  venue: 'cafe' | 'bar';
  /** The item and its category are active and not deleted. */
  itemActive: boolean;
  shop: { isCafeOpen: boolean; isBarOpen: boolean };
  now: Date;
  timeZone: string;
  barOnlineOrdering: boolean;
}

/**
 * Can this menu item be ordered now, and if not why: the one rule behind the server's refusal
 * (POST /order answers 409 with this code and message) and the menu screen's greyed-out items.
 * Checked in the order docs/api.md lists: the item, then the venue's hours, then the Friday cut-off.
 */
export function orderBlock(input: OrderableInput): OrderBlock | null {
  if (!input.itemActive) return { code: 'MENU_UNAVAILABLE', text: peopleText('people.refusal.itemInactive') };
  if (input.venue === 'cafe') {
    if (!input.shop.isCafeOpen) return { code: 'CAFE_CLOSED', text: peopleText('people.refusal.cafeClosed') };
    if (isFridayCafeCutoff(input.now, input.timeZone)) {
      return { code: 'CAFE_MENU_CLOSED_FRIDAY', text: peopleText('people.refusal.cafeMenuClosedFriday') };
    }
    return null;
  }
  if (!input.shop.isBarOpen) return { code: 'BAR_CLOSED', text: peopleText('people.refusal.barClosed') };
  if (!input.barOnlineOrdering) return { code: 'BAR_ORDERING_DISABLED', text: peopleText('people.refusal.barOnline') };
  return null;
}
