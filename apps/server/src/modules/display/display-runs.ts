import { SERVED_ORDER_STATUSES, type OrderStatus, type PickupRun, type QueuedOrder } from '@cafe/shared';
import type { RunDrinkRow } from '../orders/runs.service';

const served: readonly OrderStatus[] = SERVED_ORDER_STATUSES;

/**
 * The coffee runs the screen shows as one entry each: those whose every drink is finished (done or
 * picked up) with at least one still on the counter. A run with a drink still to make stays as its
 * drinks' own numbers, so nobody waits at the counter for a tray that is not complete. `folded`:
 * the finished drinks the runs' entries stand for, left out of the Ready column.
 */
export function readyRuns(
  ready: readonly QueuedOrder[],
  drinks: readonly RunDrinkRow[],
  nameOf: (fullName: string) => string | null,
): { runs: PickupRun[]; folded: Set<number> } {
  const byRun = new Map<number, RunDrinkRow[]>();
  for (const drink of drinks) byRun.set(drink.run_id, [...(byRun.get(drink.run_id) ?? []), drink]);
  const finishedAt = new Map(ready.map((order) => [order.id, order.updatedAt]));
  const entries: { run: PickupRun; latest: string }[] = [];
  const folded = new Set<number>();
  for (const [runId, rows] of byRun) {
    if (!rows.every((row) => served.includes(row.status))) continue;
    const onCounter = rows.filter((row) => row.status === 'done' && finishedAt.has(row.order_id));
    const first = rows[0];
    if (onCounter.length === 0 || !first) continue;
    for (const row of onCounter) folded.add(row.order_id);
    entries.push({
      run: {
        id: runId,
        runner: first.runner_name === null ? null : nameOf(first.runner_name),
        place: first.place,
        drinks: onCounter.length,
      },
      latest:
        onCounter
          .map((row) => finishedAt.get(row.order_id) ?? '')
          .sort()
          .at(-1) ?? '',
    });
  }
  // As the single drinks: the run finished last is the one its runner looks for, on top.
  entries.sort((a, b) => (a.latest < b.latest ? 1 : a.latest > b.latest ? -1 : b.run.id - a.run.id));
  return { runs: entries.map((entry) => entry.run), folded };
}
