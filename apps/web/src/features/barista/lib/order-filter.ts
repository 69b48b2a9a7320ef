import { inferCategoryKind, type CategoryKind, type Order, type QueueFilter } from '@cafe/shared';
import { msgId } from '@/i18n';

/**
 * The drink group of an order's category, for the board's filter (coffee, tea, or other): the kind
 * the barista chose for the category. An order recorded before categories had kinds carries none:
 * it is filed by the words of its category's name (English or Thai), as the categories of that
 * time were when kinds came in.
 */
export function drinkGroupOf(category: Pick<Order['menu']['category'], 'name' | 'kind'>): CategoryKind {
  return category.kind ?? inferCategoryKind(category.name);
}

/** The orders a filter keeps: coffee only in the coffee view; tea and every other non-coffee drink in the tea view. */
export function filterOrders<T extends Pick<Order, 'menu'>>(orders: readonly T[], filter: QueueFilter): T[] {
  if (filter === 'all') return [...orders];
  return orders.filter((order) => (drinkGroupOf(order.menu.category) === 'coffee') === (filter === 'coffee'));
}

/** The filter's choices; each label is a message id, translated when shown. */
export const FILTER_OPTIONS: readonly { value: QueueFilter; labelId: string }[] = [
  { value: 'all', labelId: msgId('barista.filter.all') },
  { value: 'coffee', labelId: msgId('barista.filter.coffee') },
  { value: 'tea', labelId: msgId('barista.filter.tea') },
];

/** The message id of a category filter's name ("Coffee"). */
export const filterLabelId = (filter: QueueFilter): string =>
  (FILTER_OPTIONS.find((o) => o.value === filter) ?? FILTER_OPTIONS[0]!).labelId;

/**
 * What the board's filters hide, for the notice that says so (docs/decisions/0099-no-hidden-orders.md):
 * each filter with how many orders it hides and its name as the barista chose it ("Mine", "Coffee",
 * "Latte"); the names of those hiding any, in the board's order, and how many in all.
 */
export function hiddenByFilters(filters: readonly { count: number; name: string | null }[]): {
  count: number;
  names: string[];
} {
  const hiding = filters.filter((f) => f.count > 0);
  return {
    count: hiding.reduce((sum, f) => sum + f.count, 0),
    names: hiding.flatMap((f) => (f.name ? [f.name] : [])),
  };
}
