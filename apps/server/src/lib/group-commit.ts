/**
 * Group commit: work that arrives while earlier work is being committed waits, then goes to the
 * database together in one transaction. An idle server commits each item at once, alone, after
 * the other requests read in the same turn of the event loop; under a rush the items that wait
 * form the next batch, so a burst of N placements costs a few transactions instead of N, each
 * with its statements, round trips and log flush (decision 0029).
 *
 * `commit(items)` answers one outcome per item, in order. When it throws, the batch's items are
 * committed again one at a time, so that what failed fails alone with its own error (a unique key
 * raced by another process, a deadlock), unless `failAll(error)` says the error is everyone's
 * (the database is away: each would wait its own deadline only to fail the same way).
 */
export interface GroupCommitOptions<T, R> {
  commit: (items: T[]) => Promise<R[]>;
  /** Items a batch takes at most. */
  maxBatch: number;
  /** Batches committed at the same time (PostgreSQL: on several pool connections). */
  maxInFlight: number;
  failAll: (error: unknown) => boolean;
}

interface Waiting<T, R> {
  item: T;
  resolve: (outcome: R) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<T, R>(options: GroupCommitOptions<T, R>) {
  const queue: Waiting<T, R>[] = [];
  let inFlight = 0;

  async function commitAlone(entry: Waiting<T, R>): Promise<void> {
    try {
      const [outcome] = await options.commit([entry.item]);
      entry.resolve(outcome as R);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function run(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const outcomes = await options.commit(batch.map((entry) => entry.item));
      batch.forEach((entry, i) => entry.resolve(outcomes[i] as R));
    } catch (error) {
      if (batch.length === 1 || options.failAll(error)) {
        for (const entry of batch) entry.reject(error);
      } else {
        for (const entry of batch) await commitAlone(entry);
      }
    }
  }

  let gathering = false;

  function pump(): void {
    gathering = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    /** Commits `item` with whatever else is waiting; resolves with its own outcome. */
    submit(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // Commits start after the requests of this turn of the event loop (those that arrived
        // together) have reached here too; one under way takes the next batch when it ends.
        if (!gathering && inFlight < options.maxInFlight) {
          gathering = true;
          setImmediate(pump);
        }
      });
    },
  };
}
