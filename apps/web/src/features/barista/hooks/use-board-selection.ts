import type { QueuedOrder } from '@cafe/shared';
import { useState } from 'react';

/** A lane of the board with its own select mode and its own bulk moves. */
export type SelectLane = 'waiting' | 'in-progress' | 'ready';

/**
 * Select mode of the board, one lane at a time (docs/decisions/0099-no-hidden-orders.md): each
 * lane's Select opens it for that lane only, Select all ticks that lane's orders, and the bar
 * offers that lane's moves (Waiting: Do / Cancel; In Progress: Done / Cancel; Ready: Hand over),
 * so a bulk move never mixes what the lanes do. One piece of state: null while select mode is off,
 * else the lane and the ids ticked. The selected orders are read against the lane as it is now: an
 * order that left it (moved elsewhere, filtered out) is no longer selected, with nothing to clean up.
 */
export function useBoardSelection(lanes: Readonly<Record<SelectLane, readonly QueuedOrder[]>>) {
  const [state, setState] = useState<{ lane: SelectLane; ids: ReadonlySet<number> } | null>(null);

  const inLane = state ? lanes[state.lane] : [];
  const selected = state ? inLane.filter((o) => state.ids.has(o.id)) : [];

  const toggle = (id: number) =>
    setState((current) => {
      if (!current) return current;
      const ids = new Set(current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { ...current, ids };
    });

  return {
    active: state !== null,
    /** The lane in select mode, or null. */
    lane: state?.lane ?? null,
    /** Whether select mode is on in `lane`: its orders show tick boxes instead of their moves. */
    activeIn: (lane: SelectLane) => state?.lane === lane,
    /** The ticked orders of the lane: what its bulk moves act on. */
    selected,
    allSelected: inLane.length > 0 && selected.length === inLane.length,
    isSelected: (id: number) => (state?.ids.has(id) ?? false) && inLane.some((o) => o.id === id),
    /** Into select mode for one lane (its own Select button): nothing ticked yet. */
    enter: (lane: SelectLane) => setState({ lane, ids: new Set() }),
    exit: () => setState(null),
    toggle,
    selectAll: () => setState((current) => current && { ...current, ids: new Set(inLane.map((o) => o.id)) }),
  };
}
