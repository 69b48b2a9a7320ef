import type { Order } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';

/** An order as far as the queue reads it (its id and status). */
const makeOrder = ({ id, status = 'ordered' }: { id: number; status?: Order['status'] }) => ({ id, status }) as Order;
import {
  localMoveStorage,
  moveQueueStorageKey,
  newMove,
  replayMoves,
  withQueuedMoves,
  type MoveStorage,
  type QueuedMove,
} from './move-queue';

const KEY = moveQueueStorageKey(7, 1);
const networkDown = () => new ApiError(0, 'NETWORK', 'Cannot reach the cafe server.');
const cancelled = () =>
  new ApiError(409, 'INVALID_TRANSITION', 'An order that is cancel cannot be changed to in-progress.');

/** A fake server: records what it was sent, answers each move with `answer` (an order, or a thrown error). */
function server(answer: (move: QueuedMove) => Error | null = () => null) {
  const sent: QueuedMove[] = [];
  const send = (move: QueuedMove): Promise<Order> => {
    sent.push(move);
    const error = answer(move);
    return error ? Promise.reject(error) : Promise.resolve(makeOrder({ id: move.orderId }));
  };
  return { sent, send };
}

function queueOf(...moves: QueuedMove[]): MoveStorage {
  const storage = localMoveStorage(KEY);
  storage.save(moves);
  return storage;
}

describe('the queue of taps', () => {
  it('sends the moves in the order they were made, each once, and empties the queue', async () => {
    const moves = [
      newMove(2, 'in-progress'),
      newMove(1, 'done'),
      newMove(3, 'rejected', 'Out of milk'),
      newMove(1, 'undo'),
    ];
    const storage = queueOf(...moves);
    const { sent, send } = server();
    const outcome = await replayMoves(storage, send);
    expect(sent.map((m) => m.key)).toEqual(moves.map((m) => m.key));
    expect(outcome.applied.map((a) => a.move.key)).toEqual(moves.map((m) => m.key));
    expect(outcome.stopped).toBe(false);
    expect(storage.load()).toEqual([]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('stops at the first network failure, keeps it and the rest, and resumes there with the same key', async () => {
    const moves = [newMove(1, 'in-progress'), newMove(2, 'in-progress'), newMove(3, 'done')];
    const storage = queueOf(...moves);
    let down = false;
    const { sent, send } = server((move) => (move.orderId === 2 && !down ? ((down = true), networkDown()) : null));
    const first = await replayMoves(storage, send);
    expect(first.stopped).toBe(true);
    expect(first.applied.map((a) => a.move.orderId)).toEqual([1]);
    expect(sent.map((m) => m.orderId)).toEqual([1, 2]);
    expect(storage.load().map((m) => m.key)).toEqual([moves[1]!.key, moves[2]!.key]);

    const second = await replayMoves(storage, send);
    expect(second.stopped).toBe(false);
    // The lost one is sent again with its own key (the server answers it once), then the rest.
    expect(sent.map((m) => m.key)).toEqual([moves[0]!.key, moves[1]!.key, moves[1]!.key, moves[2]!.key]);
    expect(storage.load()).toEqual([]);
  });

  it('keeps a move for later when the server is away (5xx) or the key is still being handled', async () => {
    for (const error of [
      new ApiError(503, 'INTERNAL', 'The database is not answering.'),
      new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', 'still being handled'),
      new ApiError(401, 'UNAUTHENTICATED', 'Please sign in again.'),
    ]) {
      const storage = queueOf(newMove(1, 'done'));
      const outcome = await replayMoves(storage, server(() => error).send);
      expect(outcome).toMatchObject({ stopped: true, refused: [] });
      expect(storage.load()).toHaveLength(1);
    }
  });

  it('drops a move the server refused (409: the person cancelled) with why, and goes on with the next', async () => {
    const moves = [newMove(5, 'in-progress'), newMove(6, 'in-progress')];
    const storage = queueOf(...moves);
    const { sent, send } = server((move) => (move.orderId === 5 ? cancelled() : null));
    const outcome = await replayMoves(storage, send);
    expect(outcome.refused).toEqual([{ move: moves[0], error: cancelled() }]);
    expect(outcome.refused[0]?.error).toMatchObject({ status: 409, code: 'INVALID_TRANSITION' });
    expect(outcome.applied.map((a) => a.move.orderId)).toEqual([6]);
    expect(sent).toHaveLength(2);
    expect(storage.load()).toEqual([]);
  });

  it('keeps each tap with its key across reloads, per person and site, and only what the board shows', () => {
    const move = newMove(4, 'rejected', 'Out of oat milk');
    expect(move.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    localMoveStorage(KEY).save([move]);
    // A new page reads the same taps, keys unchanged.
    expect(localMoveStorage(KEY).load()).toEqual([move]);
    expect(Object.keys((JSON.parse(localStorage.getItem(KEY) ?? '[]') as object[])[0] ?? {}).sort()).toEqual([
      'at',
      'key',
      'move',
      'orderId',
      'reason',
    ]);
    // Another person, or another site, has a queue of its own.
    expect(localMoveStorage(moveQueueStorageKey(8, 1)).load()).toEqual([]);
    expect(localMoveStorage(moveQueueStorageKey(7, 2)).load()).toEqual([]);
    // What cannot be read is dropped, not thrown.
    localStorage.setItem(KEY, '{not json');
    expect(localMoveStorage(KEY).load()).toEqual([]);
  });

  it('shows the orders as the waiting taps will leave them: a reject with its reason, an undo taking back the move before it', () => {
    const orders = [makeOrder({ id: 1 }), makeOrder({ id: 2, status: 'in-progress' })];
    const shown = withQueuedMoves(orders, [
      newMove(1, 'in-progress'),
      newMove(2, 'done'),
      newMove(1, 'rejected', 'No milk'),
      newMove(1, 'undo'),
    ]);
    expect(shown.map((o) => [o.id, o.status])).toEqual([
      [1, 'in-progress'],
      [2, 'done'],
    ]);
    expect(withQueuedMoves(orders, [newMove(1, 'rejected', 'No milk')])[0]).toMatchObject({
      status: 'rejected',
      rejectNote: 'No milk',
    });
    expect(withQueuedMoves(orders, [newMove(1, 'cancel')])[0]?.status).toBe('cancel');
  });
});
