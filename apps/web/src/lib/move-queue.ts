import { OrderSchema, type Order, type OrderStatus } from '@cafe/shared';
import { api, ApiError } from './api-client';

/*
 * The taps that move an order, kept on the device until the server has answered them (issue 31,
 * docs/decisions/0054-board-never-loses-a-tap.md): the barista's Do, Done, reject (with its reason),
 * handover, not collected and undo; the person's Cancel and Pick up. Each tap gets its
 * Idempotency-Key when it is made, and keeps it across retries and reloads: the server applies a
 * key once and answers its first answer again, so a tap whose answer was lost is never applied twice.
 * Kept in local storage per signed-in person and site (logout clears all local storage); only what
 * the screen already shows: the order's id, the move, the reason, the key and when.
 */

/** A move of an order the queue can keep: the barista's, `undo`, and the owner's `cancel` and `pick-up`. */
export type QueuedMoveKind =
  'in-progress' | 'done' | 'rejected' | 'picked' | 'uncollected' | 'undo' | 'cancel' | 'pick-up';

export interface QueuedMove {
  /** The Idempotency-Key, made when the tap was made. */
  key: string;
  orderId: number;
  move: QueuedMoveKind;
  /** A reject's reason. */
  reason?: string;
  /** When it was tapped (ms since the epoch). */
  at: number;
}

/** A queued move the server refused meanwhile (e.g. the person cancelled): shown with why. */
export interface RefusedMove {
  move: QueuedMove;
  /** The server's refusal (an ApiError: its code and message say why). */
  error: unknown;
}

/** Where a queue is kept. */
export interface MoveStorage {
  load(): QueuedMove[];
  save(moves: readonly QueuedMove[]): void;
}

const STORAGE_PREFIX = 'cafeMoveQueue';

/** The local-storage key of the queue of one person at one site (on their phone: `mine`; a board of no site yet: `board`). */
export function moveQueueStorageKey(userId: number, place: number | 'mine' | 'board'): string {
  return `${STORAGE_PREFIX}.${userId}.${place}`;
}

function isQueuedMove(value: unknown): value is QueuedMove {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.key === 'string' && typeof m.orderId === 'number' && typeof m.move === 'string' && typeof m.at === 'number'
  );
}

/** The queue kept in local storage under `key`: what cannot be read is dropped, not thrown. */
export function localMoveStorage(key: string, storage: Storage = localStorage): MoveStorage {
  return {
    load() {
      try {
        const parsed = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
        return Array.isArray(parsed) ? parsed.filter(isQueuedMove) : [];
      } catch {
        return [];
      }
    },
    save(moves) {
      if (moves.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(moves));
    },
  };
}

/** A new move, with its key made now. */
export function newMove(orderId: number, move: QueuedMoveKind, reason?: string): QueuedMove {
  return { key: crypto.randomUUID(), orderId, move, ...(reason === undefined ? {} : { reason }), at: Date.now() };
}

/** A request that got no answer (no network, the server unreachable): it may or may not have been applied. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NETWORK';
}

/**
 * Whether a failed send is worth sending again later (the move stays queued): no network, the
 * server away or overloaded, the session to renew, or the first request with the key still being
 * handled. Any other answer is the server's word on the move: it was refused.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === 'NETWORK' || error.code === 'IDEMPOTENCY_KEY_IN_USE') return true;
  return (
    error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500
  );
}

export interface ReplayOutcome {
  applied: { move: QueuedMove; order: Order }[];
  refused: RefusedMove[];
  /** Stopped at a move that could not be sent (it and the ones after it stay queued). */
  stopped: boolean;
}

/**
 * Sends the queued moves one at a time, in the order they were made: each answered one leaves the
 * queue (applied, or refused with the server's reason); the first that cannot be sent stops the
 * replay, and it and every later move stay for the next one. Moves queued meanwhile join the end.
 */
export async function replayMoves(
  storage: MoveStorage,
  send: (move: QueuedMove) => Promise<Order>,
): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { applied: [], refused: [], stopped: false };
  for (;;) {
    const next = storage.load()[0];
    if (!next) return outcome;
    try {
      const order = await send(next);
      outcome.applied.push({ move: next, order });
    } catch (error) {
      if (isRetryable(error)) {
        outcome.stopped = true;
        return outcome;
      }
      outcome.refused.push({ move: next, error });
    }
    storage.save(storage.load().filter((m) => m.key !== next.key));
  }
}

/** Sends one queued move with its Idempotency-Key, as the screens send it online. */
export function sendMove(move: QueuedMove): Promise<Order> {
  const headers = { 'Idempotency-Key': move.key };
  switch (move.move) {
    case 'undo':
      return api(`/order/barista/${move.orderId}/undo`, { method: 'POST', headers, schema: OrderSchema });
    case 'cancel':
    case 'pick-up':
      return api(`/order/${move.orderId}`, {
        method: 'PATCH',
        headers,
        body: { status: move.move === 'cancel' ? 'cancel' : 'picked' },
        schema: OrderSchema,
      });
    default:
      return api(`/order/barista/${move.orderId}`, {
        method: 'PATCH',
        headers,
        body: { status: move.move, ...(move.reason === undefined ? {} : { reject_note: move.reason }) },
        schema: OrderSchema,
      });
  }
}

/** The status a move leads to (undo: back to the one before, worked out by `withQueuedMoves`). */
function statusAfter(move: QueuedMoveKind): OrderStatus | null {
  if (move === 'undo') return null;
  if (move === 'cancel') return 'cancel';
  if (move === 'pick-up') return 'picked';
  return move;
}

/**
 * The orders as they will be once the queued moves are applied (shown at once, marked pending):
 * each move in turn, an undo taking back the queued move before it (or, when none is queued,
 * leaving the order as it is until the server says).
 */
export function withQueuedMoves<T extends Order>(orders: readonly T[], moves: readonly QueuedMove[]): T[] {
  if (moves.length === 0) return [...orders];
  const byId = new Map(orders.map((o) => [o.id, o]));
  const before = new Map<number, T[]>();
  for (const m of moves) {
    const order = byId.get(m.orderId);
    if (!order) continue;
    const stack = before.get(m.orderId) ?? [];
    if (m.move === 'undo') {
      const previous = stack.pop();
      if (previous) byId.set(m.orderId, previous);
    } else {
      const status = statusAfter(m.move);
      if (!status) continue;
      stack.push(order);
      byId.set(m.orderId, { ...order, status, ...(m.move === 'rejected' ? { rejectNote: m.reason ?? '' } : {}) });
    }
    before.set(m.orderId, stack);
  }
  return orders.map((o) => byId.get(o.id) ?? o);
}
