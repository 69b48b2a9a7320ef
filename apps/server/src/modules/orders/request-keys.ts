/**
 * The Idempotency-Key of a move of an order (issue 31, docs/decisions/0054-board-never-loses-a-tap.md):
 * the barista's PATCH and undo, the owner's cancel and pick-up. A tablet that lost the answer of a
 * tap (or queued it offline) sends it again with the same key; the first answer comes back and
 * nothing is applied twice. The key is claimed in `request_keys` before the move runs, so of two
 * requests with one key (on one process or two) exactly one moves the order; the other waits for
 * the first answer. Kept a day. Placement's key lives on the order itself (placement-commit.ts),
 * since a placement has no order before it.
 */
import { createHash } from 'node:crypto';
import type { ErrorBody, ErrorCode, PeopleText } from '@cafe/shared';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, errorBodyOfError } from '../../lib/errors';
import type { Db } from '../../db/types';

/** How long a key answers its first answer again. */
export const REQUEST_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim with no answer after this long belongs to a request that died (a crash): taken over. */
const STALE_CLAIM_MS = 60 * 1000;
/** How long a retry waits for the answer of the first request with its key, and how often it looks. */
const WAIT_FOR_FIRST_MS = 10 * 1000;
const LOOK_EVERY_MS = 50;

/** Which move a key was sent for. */
export type MoveRoute = 'barista-move' | 'undo' | 'owner-move' | 'claim';

export interface KeyedMove {
  userId: number;
  key: string;
  route: MoveRoute;
  orderId: number;
  /** The body as sent (its fields decide whether a retry is the same request). */
  body: unknown;
}

/** What a move answered: the order (200), or replayed from its first answer. */
export interface MoveAnswer<T> {
  value: T;
  replayed: boolean;
}

const keyReusedForMove = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'Idempotency-Key: was already used for a different change of an order; send a new key for a new change.',
  );

const keyInUse = () =>
  conflict(
    'IDEMPOTENCY_KEY_IN_USE',
    'A request with this Idempotency-Key is still being handled; send it again in a moment.',
  );

function fingerprintOf(move: KeyedMove): string {
  return createHash('sha256')
    .update(JSON.stringify([move.route, move.orderId, move.body ?? null]))
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run` once per (person, key): the first request with a key runs it and its answer (the value,
 * or the refusal) is kept; a later one with the same key and the same move answers that again
 * (`replayed`), with another move 422. Without a key, `run` simply runs.
 */
export async function withRequestKey<T>(
  db: Db,
  clock: Clock,
  move: Omit<KeyedMove, 'key'> & { key: string | undefined },
  run: () => Promise<T>,
): Promise<MoveAnswer<T>> {
  if (move.key === undefined) return { value: await run(), replayed: false };
  const keyed = { ...move, key: move.key };
  const fingerprint = fingerprintOf(keyed);
  const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const now = clock.now().getTime();
    const claimed = await claim(db, keyed, fingerprint, now);
    if (claimed) break;
    const found = await db
      .selectFrom('request_keys')
      .selectAll()
      .where('user_id', '=', keyed.userId)
      .where('key', '=', keyed.key)
      .executeTakeFirst();
    if (!found) continue; // Deleted meanwhile (expired, or its request failed): claim it again.
    if (found.fingerprint !== fingerprint) throw keyReusedForMove();
    if (found.status_code !== null && found.answer !== null) return replay<T>(found.status_code, found.answer);
    if (now - Date.parse(found.created_at) > STALE_CLAIM_MS) {
      await release(db, keyed, found.created_at);
      continue;
    }
    if (Date.now() > waitUntil) throw keyInUse();
    await sleep(LOOK_EVERY_MS);
  }
  let value: T;
  try {
    value = await run();
  } catch (error) {
    if (error instanceof AppError) {
      // A refusal is an answer too: the same retry is refused the same way.
      await remember(db, keyed, error.statusCode, JSON.stringify(errorBodyOfError(error)));
    } else {
      // The server failed (the database away): no answer to keep, a retry runs the move again.
      await release(db, keyed).catch(() => undefined);
    }
    throw error;
  }
  await remember(db, keyed, 200, JSON.stringify(value));
  return { value, replayed: false };
}

/** Takes the key for this request: false when another request (or an earlier one) has it. */
async function claim(db: Db, move: KeyedMove, fingerprint: string, now: number): Promise<boolean> {
  // Keys older than a day are forgotten: everyone's go whenever anyone sends a key (by the index on created_at).
  await db
    .deleteFrom('request_keys')
    .where('created_at', '<', new Date(now - REQUEST_KEY_TTL_MS).toISOString())
    .execute();
  const result = await db
    .insertInto('request_keys')
    .values({
      user_id: move.userId,
      key: move.key,
      route: move.route,
      order_id: move.orderId,
      fingerprint,
      status_code: null,
      answer: null,
      created_at: new Date(now).toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

async function remember(db: Db, move: KeyedMove, statusCode: number, answer: string): Promise<void> {
  await db
    .updateTable('request_keys')
    .set({ status_code: statusCode, answer })
    .where('user_id', '=', move.userId)
    .where('key', '=', move.key)
    .execute();
}

/** Lets the key go (its request failed, or died holding it: `createdAt`), so that a retry runs the move. */
async function release(db: Db, move: KeyedMove, createdAt?: string): Promise<void> {
  let query = db
    .deleteFrom('request_keys')
    .where('user_id', '=', move.userId)
    .where('key', '=', move.key)
    .where('status_code', 'is', null);
  if (createdAt !== undefined) query = query.where('created_at', '=', createdAt);
  await query.execute();
}

function replay<T>(statusCode: number, answer: string): MoveAnswer<T> {
  const body = JSON.parse(answer) as unknown;
  if (statusCode >= 400) {
    const refused = body as ErrorBody;
    const text = refused.messageId ? { id: refused.messageId, values: refused.params } : undefined;
    throw new ReplayedRefusal(statusCode, refused.code, refused.message, text);
  }
  return { value: body as T, replayed: true };
}

/** A refusal answered again from a key's first answer: the route marks it `Idempotent-Replayed`. */
export class ReplayedRefusal extends AppError {
  constructor(statusCode: number, code: ErrorCode, message: string, text?: PeopleText) {
    super(statusCode, code, message, text);
  }
}
