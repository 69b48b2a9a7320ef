import type { Category, ErrorBody, ErrorCode, MenuItemVerdict, MenuVerdicts, Order, QueuedOrder } from '@cafe/shared';

/** One of today's orders as GET /order/my-queue returns it (09:05 and 09:40 in Bangkok). */
export function makeOrder(overrides: Partial<QueuedOrder> = {}): QueuedOrder {
  return {
    id: 1,
    status: 'ordered',
    orderDate: '2026-11-20T02:05:00.000Z',
    updatedAt: '2026-11-20T02:40:00.000Z',
    type: 'cold',
    sweetness: 50,
    remark: '-',
    tumblerImage: '/api/images/cup.jpg',
    rejectNote: '',
    menu: { id: 3, name: 'Latte', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
    user: { id: 7, name: 'Tess' },
    site: { id: 1, name: 'Head office' },
    queue_at: 1,
    estimatedWaitMinutes: null,
    ...overrides,
  };
}

export function makeHistoryOrder(overrides: Partial<Order> = {}): Order {
  const { queue_at: _q, estimatedWaitMinutes: _e, ...order } = makeOrder({ status: 'done', queue_at: null });
  return { ...order, ...overrides };
}

/** A refusal as the ordering door answers it (GET /menu/verdicts, POST /order): its code and people message. */
export function doorRefusal(code: ErrorCode, messageId: string, params?: Record<string, string | number>): ErrorBody {
  return { statusCode: 409, error: 'Conflict', message: code, code, messageId, ...(params ? { params } : {}) };
}

/** The door's refusals the screens meet most. */
export const REFUSED = {
  cafeClosed: doorRefusal('CAFE_CLOSED', 'people.refusal.cafeClosed'),
  barClosed: doorRefusal('BAR_CLOSED', 'people.refusal.barClosed'),
  barOnline: doorRefusal('BAR_ORDERING_DISABLED', 'people.refusal.barOnline'),
  friday: doorRefusal('CAFE_MENU_CLOSED_FRIDAY', 'people.refusal.cafeMenuClosedFriday'),
  paused: doorRefusal('ORDERS_PAUSED', 'people.refusal.pausedManual'),
  inactive: doorRefusal('MENU_UNAVAILABLE', 'people.refusal.itemInactive'),
} as const;

/**
 * GET /menu/verdicts for the items of `menu` (categories, or the items' ids): each may be ordered
 * unless `items` says otherwise; `venue` refuses the whole venue for now (`later`: for later), and
 * so every item.
 */
export function menuVerdicts(
  menu: readonly Category[] | readonly number[],
  options: {
    venue?: ErrorBody | null;
    later?: ErrorBody | null;
    items?: Record<number, Partial<MenuItemVerdict>>;
  } = {},
): MenuVerdicts {
  const { venue = null, later = null, items = {} } = options;
  return {
    siteId: 1,
    venue: { now: venue, later },
    items: menu
      .flatMap((c) => (typeof c === 'number' ? [c] : c.menu.map((m) => m.id)))
      .map((menuId) => ({ menuId, now: venue, later, conflicts: [], untagged: false, ...items[menuId] })),
  };
}
