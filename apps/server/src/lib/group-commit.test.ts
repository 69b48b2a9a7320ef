import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

/** One turn of the event loop: a submitted item's commit starts after the turn it came in. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A commit that records its batches and finishes when the test says so. */
function controlledCommit(fail: (items: number[]) => Error | null = () => null) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const commit = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items);
      pending.push(() => {
        const error = fail(items);
        if (error) reject(error);
        else resolve(items.map((i) => `done ${i}`));
      });
    });
  /** Lets the oldest commit under way finish; waits until its callers have their answers. */
  const finishOne = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, commit, finishOne };
}

describe('group commit', () => {
  it('commits an item at once, alone, when nothing is under way', async () => {
    const { batches, commit, finishOne } = controlledCommit();
    const commits = createGroupCommit({ commit, maxBatch: 10, maxInFlight: 1, failAll: () => false });
    const answer = commits.submit(1);
    await nextTurn();
    expect(batches).toEqual([[1]]);
    await finishOne();
    await expect(answer).resolves.toBe('done 1');
  });

  it('commits what came in the same turn together', async () => {
    const { batches, commit, finishOne } = controlledCommit();
    const commits = createGroupCommit({ commit, maxBatch: 10, maxInFlight: 1, failAll: () => false });
    const answers = [1, 2, 3].map((i) => commits.submit(i));
    await nextTurn();
    expect(batches).toEqual([[1, 2, 3]]);
    await finishOne();
    await expect(Promise.all(answers)).resolves.toEqual(['done 1', 'done 2', 'done 3']);
  });

  it('sends what arrived during a commit together in the next one, in order and at most maxBatch', async () => {
    const { batches, commit, finishOne } = controlledCommit();
    const commits = createGroupCommit({ commit, maxBatch: 3, maxInFlight: 1, failAll: () => false });
    const first = commits.submit(1);
    await nextTurn();
    const answers = [first, ...[2, 3, 4, 5, 6].map((i) => commits.submit(i))];
    expect(batches).toEqual([[1]]);
    await finishOne();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await finishOne();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    await finishOne();
    await expect(Promise.all(answers)).resolves.toEqual([1, 2, 3, 4, 5, 6].map((i) => `done ${i}`));
  });

  it('runs up to maxInFlight commits at once', async () => {
    const { batches, commit, finishOne } = controlledCommit();
    const commits = createGroupCommit({ commit, maxBatch: 10, maxInFlight: 2, failAll: () => false });
    const answers = [commits.submit(1)];
    await nextTurn();
    answers.push(commits.submit(2));
    await nextTurn();
    answers.push(...[3, 4].map((i) => commits.submit(i)));
    await nextTurn();
    expect(batches).toEqual([[1], [2]]);
    await finishOne();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    await finishOne();
    await finishOne();
    await expect(Promise.all(answers)).resolves.toHaveLength(4);
  });

  it('commits a failed batch again one item at a time: only the item that fails gets the error', async () => {
    const { batches, commit, finishOne } = controlledCommit((items) =>
      items.includes(3) ? new Error(`batch with 3: ${items.join(',')}`) : null,
    );
    const commits = createGroupCommit({ commit, maxBatch: 10, maxInFlight: 1, failAll: () => false });
    const settle = (i: number) => commits.submit(i).then(String, (error: Error) => error.message);
    const answers = [settle(1)];
    await nextTurn();
    answers.push(...[2, 3, 4].map(settle));
    await finishOne(); // [1]
    await finishOne(); // [2, 3, 4] fails
    await finishOne(); // [2]
    await finishOne(); // [3] fails
    await finishOne(); // [4]
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    await expect(Promise.all(answers)).resolves.toEqual(['done 1', 'done 2', 'batch with 3: 3', 'done 4']);
  });

  it("fails the whole batch at once when the error is everyone's (the database is away)", async () => {
    const { batches, commit, finishOne } = controlledCommit((items) => (items.length > 1 ? new Error('away') : null));
    const commits = createGroupCommit({
      commit,
      maxBatch: 10,
      maxInFlight: 1,
      failAll: (error) => (error as Error).message === 'away',
    });
    const settle = (i: number) => commits.submit(i).then(String, (error: Error) => error.message);
    const answers = [settle(1)];
    await nextTurn();
    answers.push(...[2, 3].map(settle));
    await finishOne();
    await finishOne();
    expect(batches).toEqual([[1], [2, 3]]);
    await expect(Promise.all(answers)).resolves.toEqual(['done 1', 'away', 'away']);
  });
});
