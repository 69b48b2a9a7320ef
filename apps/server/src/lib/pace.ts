import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../db/connection';
import type { Db } from '../db/types';

/**
 * A published rate limit as a token bucket: calls a minute, and how many may go at once before the
 * pace holds.
 */
export interface PaceLimit {
  perMinute: number;
  burst: number;
}

/** One bucket a call takes from: its name (the same in every process) and its limit. */
export interface PaceBucket {
  name: string;
  limit: PaceLimit;
}

/**
 * The pace of the calls to a chat platform's API (Slack's tiers, Teams's limits): when the next
 * call may start by every bucket it takes from. A platform counts its limits per app, not per
 * server process, so with PostgreSQL every process reserves from the same buckets in the database
 * (`databasePace`), and two processes together stay within the limit one would
 * (docs/decisions/0117-one-chat-budget.md). One process (SQLite) keeps them in memory.
 */
export interface Pace {
  /** Reserves the next start by every bucket, at once: how long from `now` the call waits. */
  reserve(buckets: readonly PaceBucket[], now: number): Promise<number>;
  /** A 429: the buckets start nothing before `until` (epoch ms). */
  hold(buckets: readonly PaceBucket[], until: number): Promise<void>;
}

/**
 * The share of each published rate a client uses: a call starts after its message is rendered,
 * so calls paced exactly at the rate can reach the platform closer together than the rate (the
 * benchmark's fake Slack answered them 429 now and then).
 */
export const PACE_SHARE = 0.9;

/** Milliseconds between two calls of a bucket at its pace. */
export const spacingOf = (limit: PaceLimit): number => 60_000 / (limit.perMinute * PACE_SHARE);

/** A bucket's name made of something personal (a chat's channel or conversation id), without it. */
export function bucketName(prefix: string, personal: string): string {
  return `${prefix}:${createHash('sha256').update(personal).digest('base64url').slice(0, 22)}`;
}

/** A bucket's state: when it is empty again at its pace, and a 429's hold. */
interface BucketState {
  free: number;
  heldUntil: number;
}

/**
 * The start of the next call by every bucket (the latest of them), and each bucket's state after
 * it: the same arithmetic in memory and in the database's statement.
 */
function next(states: readonly { state: BucketState; limit: PaceLimit }[], now: number): number {
  return Math.max(
    now,
    ...states.map(({ state, limit }) => Math.max(state.heldUntil, state.free - (limit.burst - 1) * spacingOf(limit))),
  );
}

/** How often at most the idle buckets of a process are looked for (a walk of them all). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Buckets of one process. An idle bucket (its pace allows a call at once again) is forgotten at
 * the next sweep: at most once a minute, so a call does not walk every conversation's bucket.
 */
export function memoryPace(): Pace {
  const buckets = new Map<string, BucketState>();
  let sweptAt = -Infinity;
  const stateOf = (name: string): BucketState => {
    let state = buckets.get(name);
    if (!state) {
      state = { free: 0, heldUntil: 0 };
      buckets.set(name, state);
    }
    return state;
  };
  return {
    reserve(asked, now) {
      if (now - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = now;
        for (const [name, state] of buckets) if (state.free < now && state.heldUntil < now) buckets.delete(name);
      }
      const states = asked.map(({ name, limit }) => ({ state: stateOf(name), limit }));
      const at = next(states, now);
      for (const { state, limit } of states) state.free = Math.max(state.free, at) + spacingOf(limit);
      return Promise.resolve(at - now);
    },
    hold(asked, until) {
      for (const { name } of asked) {
        const state = stateOf(name);
        state.heldUntil = Math.max(state.heldUntil, until);
      }
      return Promise.resolve();
    },
  };
}

/** Rows of buckets nobody has taken from for this long are deleted (one statement, at most once in it). */
const FORGET_AFTER_MS = 60 * 60_000;

/**
 * Buckets in the database (`chat_pace`), shared by every process on it (PostgreSQL). A reservation
 * is one statement: it holds the buckets' rows (in name order, so two reservations never wait for
 * each other in a circle), works out the start as `memoryPace` does, and moves each bucket on. A
 * bucket's row is made the first time this process takes from it. When the database cannot be
 * reached, the process paces by itself (`fallback`) rather than not calling at all.
 */
export function databasePace(db: Db, options: { fallback?: Pace; onError?: (error: unknown) => void } = {}): Pace {
  const fallback = options.fallback ?? memoryPace();
  const made = new Set<string>();
  let forgotAt = 0;

  async function ensure(asked: readonly PaceBucket[], now: number): Promise<void> {
    const missing = asked.filter(({ name }) => !made.has(name));
    if (missing.length === 0 && now - forgotAt < FORGET_AFTER_MS) return;
    if (now - forgotAt >= FORGET_AFTER_MS) {
      forgotAt = now;
      await db
        .deleteFrom('chat_pace')
        .where('free_at', '<', now - FORGET_AFTER_MS)
        .where('held_until', '<', now - FORGET_AFTER_MS)
        .execute();
      // The rows this process made may be among them.
      made.clear();
      missing.splice(0, missing.length, ...asked);
    }
    await db
      .insertInto('chat_pace')
      .values(missing.map(({ name }) => ({ bucket: name, free_at: 0, held_until: 0 })))
      .onConflict((c) => c.column('bucket').doNothing())
      .execute();
    for (const { name } of missing) made.add(name);
  }

  return {
    async reserve(asked, now) {
      try {
        await ensure(asked, now);
        const names = asked.map((b) => b.name);
        const spacings = asked.map((b) => spacingOf(b.limit));
        const bursts = asked.map((b) => b.limit.burst);
        const { rows } = await sql<{ at: number }>`
          with asked as (
            select * from unnest(${names}::text[], ${spacings}::float8[], ${bursts}::int[]) as a(bucket, spacing, burst)
          ), held as (
            select p.bucket, p.free_at, p.held_until from chat_pace p
            where p.bucket = any(${names}::text[]) order by p.bucket for update
          ), start as (
            select greatest(${now}::float8, max(greatest(h.held_until, h.free_at - (a.burst - 1) * a.spacing))) as at
            from held h join asked a using (bucket)
          )
          update chat_pace p set free_at = greatest(h.free_at, start.at) + a.spacing
          from held h join asked a using (bucket), start
          where p.bucket = h.bucket
          returning start.at as at`.execute(db);
        const at = rows[0]?.at;
        if (rows.length !== asked.length || at === undefined) {
          // A row deleted under it (forgotten by another process): made again next time.
          for (const name of names) made.delete(name);
          return await fallback.reserve(asked, now);
        }
        return Number(at) - now;
      } catch (error) {
        options.onError?.(error);
        return fallback.reserve(asked, now);
      }
    },
    async hold(asked, until) {
      await fallback.hold(asked, until);
      try {
        // Made with the hold when no call of this process took from it yet.
        await db
          .insertInto('chat_pace')
          .values(asked.map(({ name }) => ({ bucket: name, free_at: 0, held_until: until })))
          .onConflict((c) =>
            c.column('bucket').doUpdateSet({ held_until: sql`greatest(chat_pace.held_until, excluded.held_until)` }),
          )
          .execute();
        for (const { name } of asked) made.add(name);
      } catch (error) {
        options.onError?.(error);
      }
    },
  };
}

/**
 * The pace of a chat platform's calls in this deployment: in the database with PostgreSQL (every
 * process on it shares it), in memory with SQLite (one process).
 */
export function chatPace(base: { db: Db; dialect: Dialect; log: FastifyBaseLogger }): Pace {
  if (base.dialect !== 'postgres') return memoryPace();
  return databasePace(base.db, {
    onError: (error) =>
      base.log.warn({ err: error }, 'chat pace: the shared budget could not be read; this process paces alone'),
  });
}
