import { sql } from 'kysely';
import type { Db } from '../db/types';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

const PRUNE_EVERY_MS = 60_000;

/**
 * A @fastify/rate-limit store in the app's database, so every process counts against the same
 * numbers and a restart does not reset them. Errors reach the error handler (503 while the database
 * is away) rather than letting requests through unlimited.
 */
export function databaseRateLimitStore(db: Db, now: () => number = Date.now) {
  let lastPrune = 0;

  async function prune(at: number): Promise<void> {
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    await db.deleteFrom('rate_limit_hits').where('reset_at', '<=', at).execute();
  }

  /** Adds one hit to `key` in its window; returns the count in the window and ms until it resets. */
  async function hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const at = now();
    const resetAt = at + windowMs;
    const row = await db
      .insertInto('rate_limit_hits')
      .values({ key, count: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limit_hits.reset_at <= ${at} then 1 else rate_limit_hits.count + 1 end`,
          reset_at: sql<number>`case when rate_limit_hits.reset_at <= ${at} then ${resetAt} else rate_limit_hits.reset_at end`,
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    void prune(at).catch(() => undefined);
    return { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at) - at) };
  }

  /** The count in the current window without adding to it. */
  async function read(key: string): Promise<{ current: number; ttl: number }> {
    const at = now();
    const row = await db
      .selectFrom('rate_limit_hits')
      .select(['count', 'reset_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || Number(row.reset_at) <= at) return { current: 0, ttl: 0 };
    return { current: Number(row.count), ttl: Number(row.reset_at) - at };
  }

  /** Gives back one hit of `key` in its current window (an attempt counted on arrival that did not fail). */
  async function release(key: string): Promise<void> {
    await db
      .updateTable('rate_limit_hits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('count', '>', 0)
      .where('reset_at', '>', now())
      .execute();
  }

  class DatabaseStore {
    private readonly prefix: string;
    // The plugin constructs the root store with its settings; only children get a route prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      hit(`${this.prefix}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      read(`${this.prefix}|${key}`).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** Each limited route counts separately, as the in-memory store does. */
    child(options: object): DatabaseStore {
      const params = options as RouteParams;
      const method = params.routeInfo?.method;
      const route = `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${params.routeInfo?.url ?? ''}`;
      return new DatabaseStore(route.trim() || this.prefix);
    }
  }

  return { store: DatabaseStore, hit, read, release };
}
