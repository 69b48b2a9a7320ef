/**
 * What an order for now is promised at each place of its line, worked out before its insert, which
 * stores the one of the place it counts (promise-sql.ts): for the places around where the line is
 * known to be (docs/decisions/0101-one-promise-model.md, 0125-a-promise-window.md).
 */
import { readySecondsAlong, type WaitInputs } from '@cafe/shared';
import type { PromiseTable } from './promise-sql';

/** Places after where a line is known to be (orders placed in the other processes meanwhile). */
const PROMISED_PLACES = 40;
/** Places before it (orders that left the line in another process, not yet told here). */
const PROMISED_BEHIND = 10;

/** A placement's promise: its table, and the wait inputs it was worked out from. */
export interface PlacementPromise {
  table: PromiseTable;
  read: WaitInputs;
}

/**
 * The promise tables of a process's placements. A new order leaves a line's wait inputs as they
 * were (queue.service.ts: only a move reads them again), so in a rush with no move the line as
 * read falls behind: the waiting orders this process's placements found since say where it is,
 * kept by the read (a read of the line again starts afresh).
 */
export function createPromiseTables() {
  const placedSinceRead = new WeakMap<WaitInputs, number>();
  return {
    /** The promise by place of a drink of `menuId` joining the line of `read` at `now`. */
    tableFor(read: WaitInputs, menuId: number, now: Date): PlacementPromise {
      const known = Math.max(read.line?.length ?? 0, placedSinceRead.get(read) ?? 0);
      const from = Math.max(0, known - PROMISED_BEHIND);
      // One pass along the line for all the places (the line model's schedule grows a step each);
      // only the window's are made instants and sent with the insert.
      const menuIds = new Array<number>(known + PROMISED_PLACES).fill(menuId);
      const at = readySecondsAlong(read, menuIds, now)
        .slice(from)
        .map((seconds) => new Date(now.getTime() + seconds * 1000).toISOString());
      return { table: { from, at }, read };
    },
    /** A placement of `promise` was saved with `ahead` waiting orders ahead of it. */
    placed(promise: PlacementPromise, ahead: number): void {
      placedSinceRead.set(promise.read, Math.max(placedSinceRead.get(promise.read) ?? 0, ahead + 1));
    },
  };
}
