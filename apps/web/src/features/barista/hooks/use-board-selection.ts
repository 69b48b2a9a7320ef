import type { QueuedOrder } from '@cafe/shared';
import { useState } from 'react';

/**
 * Select mode of the board. One piece of state: null while select mode is off, else the ids
 * ticked, so there is no selection outside select mode to forget. The selected orders are read
 * against the visible ones: an order that left the board (done elsewhere, filtered out) is no
 * longer selected, with nothing to clean up.
 */
export function useBoardSelection(visible: readonly QueuedOrder[]) {
  const [ids, setIds] = useState<ReadonlySet<number> | null>(null);

  const selected = ids ? visible.filter((o) => ids.has(o.id)) : [];

  const toggle = (id: number) =>
    setIds((current) => {
      if (!current) return current;
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return {
    active: ids !== null,
    selected,
    /** Selected and waiting: what Do Selected starts. */
    waiting: selected.filter((o) => o.status === 'ordered'),
    /** Selected and in progress: what Done Selected finishes. */
    inProgress: selected.filter((o) => o.status === 'in-progress'),
    /** Selected and ready on the counter: what Hand over selected hands over. */
    ready: selected.filter((o) => o.status === 'done'),
    /** Selected and still to make: what Cancel Selected cancels (a finished drink is not canceled). */
    toMake: selected.filter((o) => o.status !== 'done'),
    allSelected: selected.length === visible.length,
    isSelected: (id: number) => ids?.has(id) ?? false,
    enter: () => setIds(new Set()),
    exit: () => setIds(null),
    toggle,
    selectAll: () => setIds(new Set(visible.map((o) => o.id))),
  };
}
