import type { QueueFilter, QueuedOrder } from '@cafe/shared';
import { useMemo, useState } from 'react';
import { allDayCounts, drinkKey, type DrinkCount } from '@/features/barista/lib/all-day-counts';
import { readySince } from '@/features/barista/lib/counter';
import { filterOrders } from '@/features/barista/lib/order-filter';
import { inLaneOrder } from '@/features/barista/lib/run-groups';

/**
 * The drink of the all-day counts the board is narrowed to. Its name is kept, not looked up, so its
 * chip outlives the last waiting order of it and can still be cleared.
 */
interface DrinkChoice {
  key: string;
  menuId: number;
  name: string;
}

/**
 * What the board shows: the orders of the category filter, narrowed to one drink of the all-day
 * counts if one is chosen, as the In Progress lane and the Waiting grid; the finished drinks of the
 * category, longest waiting first, as the Ready lane. Choosing another category
 * clears the drink (its chip may not exist there).
 */
export function useBoardFilters(orders: readonly QueuedOrder[]) {
  const [filter, setFilter] = useState<QueueFilter>('all');
  const [drink, setDrink] = useState<DrinkChoice | null>(null);

  const inCategory = useMemo(() => filterOrders(orders, filter), [orders, filter]);
  const counts = useMemo((): DrinkCount[] => {
    const list = allDayCounts(inCategory);
    // The drink the board is narrowed to keeps its chip (x0 once none waits), so it can be cleared.
    if (drink && !list.some((c) => c.key === drink.key)) list.push({ ...drink, count: 0 });
    return list;
  }, [inCategory, drink]);
  // The tickets still to make; finished drinks wait in the Ready lane (of the category, every drink).
  const visible = useMemo(
    () => inCategory.filter((o) => o.status !== 'done' && (!drink || drinkKey(o) === drink.key)),
    [inCategory, drink],
  );
  // A coffee run's drinks stand together in each lane (lib/run-groups.ts), in this order too.
  const ready = useMemo(
    () =>
      inLaneOrder(
        inCategory
          .filter((o) => o.status === 'done')
          .sort((a, b) => readySince(a).localeCompare(readySince(b)) || a.id - b.id),
      ),
    [inCategory],
  );
  const inProgress = useMemo(() => inLaneOrder(visible.filter((o) => o.status === 'in-progress')), [visible]);
  const waiting = useMemo(() => inLaneOrder(visible.filter((o) => o.status === 'ordered')), [visible]);
  /** Reading order of the tickets: the lane, then the grid (what the next / previous keys follow). */
  const tickets = useMemo(() => [...inProgress, ...waiting], [inProgress, waiting]);
  /**
   * How many orders each filter of this hook hides (decision 0099): the category (tickets and
   * ready drinks), then the drink chip (tickets only). The board says so, with a way to see them.
   */
  const hidden = {
    category: orders.length - inCategory.length,
    drink: inCategory.length - ready.length - visible.length,
  };

  const changeFilter = (next: QueueFilter) => {
    setFilter(next);
    setDrink(null);
  };

  /** A chip was tapped: its drink, or everything again (null). */
  const chooseDrink = (key: string | null) => {
    const count = counts.find((c) => c.key === key);
    setDrink(key === null || !count ? null : { key, menuId: count.menuId, name: count.name });
  };

  return {
    filter,
    changeFilter,
    counts,
    drinkKey: drink?.key ?? null,
    /** The chosen drink's name, for the notice of what the filters hide. */
    drinkName: drink?.name ?? null,
    hidden,
    chooseDrink,
    visible,
    inProgress,
    waiting,
    tickets,
    ready,
  };
}
