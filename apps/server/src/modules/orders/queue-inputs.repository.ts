/**
 * A queue's wait inputs read in one statement (docs/decisions/0112-queue-inputs-in-one-read.md):
 * its pace (latest completions, and the drinks in progress or the line model's facts) and, when
 * they are not known in memory yet, the past days' completions around this hour and the site's
 * measured preparation times. Each part is a JSON array built by the database (Kysely's
 * jsonArrayFrom for the engine), ordered here again: an aggregate's order is not promised.
 */
import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom as pgArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteArray } from 'kysely/helpers/sqlite';
import type { Database, Db } from '../../db/types';
import { queueOrders, venueOrders, type LineFact, type Pace, type QueueKey } from './orders.repository';
import { factOf } from './promise-inputs';

/** What the read takes besides the pace: each only when asked for. */
export interface QueueInputsAsked {
  /**
   * The queue's pace: its latest `recentLimit` completions, and its drinks in progress counted or,
   * with `workingSince` (the line model), its facts since then (which hold those drinks).
   */
  pace?: { recentLimit: number; workingSince?: string | undefined } | undefined;
  /** The past days' completions of the site's venue in [from, to). */
  past?: { from: string; to: string } | undefined;
  /** The site's venue's latest `limit` preparation times since `since`. */
  prep?: { since: string; limit: number } | undefined;
}

/** What each part of the read answers. */
interface QueueInputParts {
  /** The pace asked for. */
  pace: Pace;
  /** The past days' completions asked for, oldest first. */
  past: string[];
  /** The preparation times asked for, newest first. */
  prep: { menu_id: number; prep_ms: number }[];
}

/** A part answered when it was asked for: typed by the ask, so a caller never checks one it asked for. */
type Answered<T, Part> = T extends undefined ? undefined : Part;
export type QueueInputsRead<A extends QueueInputsAsked = QueueInputsAsked> = {
  [K in keyof QueueInputParts]: K extends keyof A ? Answered<A[K], QueueInputParts[K]> : undefined;
};

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rows = SelectQueryBuilder<Database, 'orders', any>;

/** A subquery's rows as one JSON array (PostgreSQL: json; SQLite: its text). */
const arrayOf = (dialect: Dialect, rows: Rows): Expression<unknown> =>
  dialect === 'postgres' ? pgArray(rows) : sqliteArray(rows);

/** A JSON array as the driver gives it: parsed (pg) or text (SQLite). */
function parsed<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

type PaceAsked = NonNullable<QueueInputsAsked['pace']>;

/**
 * A queue's pace as three selections of one statement: its latest completions, and its line's facts
 * (with `workingSince`) or its count of drinks in progress. Selected beside a move on PostgreSQL
 * (order-moves.repository.ts: as the queue was before the move) and by readQueueInputs.
 */
export function paceSelections(db: Db, dialect: Dialect, key: QueueKey, pace: PaceAsked) {
  const recent = queueOrders(db, key)
    .select('done_at')
    .where('done_at', 'is not', null)
    .orderBy('done_at', 'desc')
    .limit(pace.recentLimit);
  const since = pace.workingSince;
  const facts =
    since === undefined
      ? null
      : queueOrders(db, key)
          .select(['id', 'menu_id', 'status', 'order_date', 'taken_at', 'claimed_by', 'claimed_at'])
          .where((eb) =>
            eb.or([
              eb('status', 'in', ['ordered', 'in-progress']),
              eb('claimed_at', '>=', since),
              eb('done_at', '>=', since),
            ]),
          );
  const inProgress = facts
    ? sql`null`
    : sql`(${queueOrders(db, key)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'in-progress')})`;
  return sql`${arrayOf(dialect, recent)} as pace_recent, ${facts ? arrayOf(dialect, facts) : sql`null`} as pace_facts,
    ${inProgress} as pace_in_progress`;
}

/** The columns paceSelections adds to a row. */
export interface PaceColumns {
  pace_recent: unknown;
  pace_facts: unknown;
  pace_in_progress: unknown;
}

/** The pace of paceSelections' columns. */
export function paceOf(row: PaceColumns): Pace {
  const completions = parsed<{ done_at: string }>(row.pace_recent)
    .map((r) => r.done_at)
    .sort(newestFirst);
  if (row.pace_facts === null || row.pace_facts === undefined)
    return { inProgress: Number(row.pace_in_progress ?? 0), completions };
  const facts = parsed<LineFact>(row.pace_facts).map(factOf);
  return { inProgress: facts.filter((f) => f.status === 'in-progress').length, completions, facts };
}

export async function readQueueInputs<const A extends QueueInputsAsked>(
  db: Db,
  dialect: Dialect,
  key: QueueKey,
  asked: A,
): Promise<QueueInputsRead<A>> {
  const past =
    asked.past &&
    venueOrders(db, key.siteId, key.venue)
      .select('done_at')
      .where('done_at', 'is not', null)
      .where('done_at', '>=', asked.past.from)
      .where('done_at', '<', asked.past.to);
  const prep =
    asked.prep &&
    venueOrders(db, key.siteId, key.venue)
      .select(['menu_id', 'prep_ms', 'done_at'])
      .where('done_at', '>=', asked.prep.since)
      .where('prep_ms', 'is not', null)
      .orderBy('done_at', 'desc')
      .limit(asked.prep.limit);
  const nothing = sql`null`;
  const { rows } = await sql<PaceColumns & { past: unknown; prep: unknown }>`
    select ${asked.pace ? paceSelections(db, dialect, key, asked.pace) : sql`null as pace_recent`},
      ${past ? arrayOf(dialect, past) : nothing} as past,
      ${prep ? arrayOf(dialect, prep) : nothing} as prep`.execute(db);
  const [row] = rows;
  if (!row) throw new Error('the queue inputs read answered nothing');
  return {
    pace: asked.pace ? paceOf(row) : undefined,
    past: past
      ? parsed<{ done_at: string }>(row.past)
          .map((r) => r.done_at)
          .sort()
      : undefined,
    prep: prep
      ? parsed<{ menu_id: number; prep_ms: number; done_at: string }>(row.prep)
          .sort((a, b) => newestFirst(a.done_at, b.done_at))
          .map((r) => ({ menu_id: Number(r.menu_id), prep_ms: Number(r.prep_ms) }))
      : undefined,
  } as QueueInputsRead<A>;
}
