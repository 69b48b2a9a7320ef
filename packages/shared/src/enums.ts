/*
 * The contract's enumerations as plain values; their zod schemas are in enum-schemas.ts, so a
 * screen that only needs a list or a label does not load the schema library.
 */

export const ROLES = ['admin', 'user', 'barista'] as const;
export type Role = (typeof ROLES)[number];

/**
 * `scheduled`: an order for later (a pickup slot) waiting in the board's Later lane; it becomes
 * `ordered` when it is due (its slot minus the time the counter needs for the line and the drink).
 * `uncollected`: a finished drink nobody came for, marked so by a barista (kept apart from
 * `picked` in the statistics; people's history labels it as it labels a finished drink).
 */
export const ORDER_STATUSES = [
  'ordered',
  'in-progress',
  'done',
  'picked',
  'rejected',
  'cancel',
  'scheduled',
  'uncollected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses of an order that is still on its way to the customer. */
export const ACTIVE_ORDER_STATUSES = [
  'scheduled',
  'ordered',
  'in-progress',
  'done',
] as const satisfies readonly OrderStatus[];
/** Statuses that end an order; shown in history. */
export const FINISHED_ORDER_STATUSES = [
  'done',
  'picked',
  'cancel',
  'rejected',
  'uncollected',
] as const satisfies readonly OrderStatus[];
/** Statuses that do not count against the daily limit. */
export const UNCOUNTED_ORDER_STATUSES = ['cancel', 'rejected'] as const satisfies readonly OrderStatus[];
/** Statuses counted as served in statistics. */
export const SERVED_ORDER_STATUSES = ['done', 'picked'] as const satisfies readonly OrderStatus[];
/** Statuses of an order the barista still has to make: the live board's list. */
export const TO_MAKE_ORDER_STATUSES = ['ordered', 'in-progress'] as const satisfies readonly OrderStatus[];

/** Whether `status` is one of `statuses` (the lists above), without widening them by hand. */
export function isStatusIn(statuses: readonly OrderStatus[], status: OrderStatus): boolean {
  return statuses.includes(status);
}

export const DRINK_TYPES = ['hot', 'cold', 'frappe'] as const;
export type DrinkType = (typeof DRINK_TYPES)[number];
/** How a drink type is written on every screen. */
export const DRINK_TYPE_LABELS: Record<DrinkType, string> = { hot: 'Hot', cold: 'Cold', frappe: 'Frappe' };

/** A drink type's label, or empty for an order without one (bar orders). */
export function drinkTypeLabel(type: DrinkType | null | undefined): string {
  return type ? DRINK_TYPE_LABELS[type] : '';
}

export const SWEETNESS_LEVELS = [0, 10, 25, 50, 75, 100, 125, 150, 200] as const;
export type Sweetness = (typeof SWEETNESS_LEVELS)[number];
export function isSweetness(value: number): value is Sweetness {
  return (SWEETNESS_LEVELS as readonly number[]).includes(value);
}

export const CATEGORY_FOR = ['cafe', 'bar'] as const;
export type CategoryFor = (typeof CATEGORY_FOR)[number];

export const IS_ACTIVE = ['active', 'inactive'] as const;
export type IsActive = (typeof IS_ACTIVE)[number];

export const IS_AVAILABLE = ['available', 'unavailable'] as const;
export type IsAvailable = (typeof IS_AVAILABLE)[number];

/** Values of PATCH /cafe-status/{value}; `all-close` is accepted as `close-both`. */
export const SHOP_VALUES = ['cafe-open', 'bar-open', 'close-both', 'all-close'] as const;
export type ShopValue = (typeof SHOP_VALUES)[number];

export const SHOP_MODES = ['cafe-open', 'bar-open', 'all-close'] as const;
export type ShopMode = (typeof SHOP_MODES)[number];

export const REJECT_REASONS = [
  'Ingredient Unavailable',
  'Barista was not at the bar',
  'Machine Failure',
  'Barista can not fine your tumbler',
  'The shop is closing',
] as const;

export const QUEUE_FILTERS = ['all', 'coffee', 'tea'] as const;

/** What a category holds, for the board's Coffee / Tea filter ("other" shows under Tea, as the specification groups it). */
export const CATEGORY_KINDS = ['coffee', 'tea', 'other'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** What a site's pickup screen shows of a person: first name and initial ("Somchai K."), or the queue number alone. */
export const DISPLAY_NAMES = ['first-initial', 'number'] as const;
export type DisplayNames = (typeof DISPLAY_NAMES)[number];
export type QueueFilter = (typeof QUEUE_FILTERS)[number];
