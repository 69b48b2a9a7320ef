import type { LiveMissed, MissedEvent } from '@cafe/shared';
import { sql } from 'kysely';
import type { Dialect } from '../db/connection';
import type { Db } from '../db/types';
import { SEQ_MARK, type Note, type RelayCarrier } from './relay-gate';
import { ROOMS, type LiveServer } from './socket';

/**
 * The sequence of each site's live events and the log of the recent ones (migration 018,
 * docs/decisions/0053-live-event-sequence.md). The database gives the numbers, so every server
 * process of a deployment draws from one counter per site: dense, never twice.
 */

/** How long an event is kept for clients catching up. */
export const LIVE_LOG_KEEP_MS = 24 * 60 * 60 * 1000;
/** At most this many events of a site are kept. */
export const LIVE_LOG_KEEP_EVENTS = 20_000;
/** A client further behind than this reads everything again (cheaper than replaying the events). */
export const LIVE_MISSED_MAX = 1000;
/** How long before `hello` asks the database again when it could not read the site's number. */
const HELLO_RETRY_MS = 2000;
/** The old events of a site are deleted every this many events. */
const PRUNE_EVERY = 200;

/** An event to number: its name, its payload given its number, and the rooms it goes to. */
export interface LoggedEvent {
  event: string;
  payload: (seq: number) => object;
  rooms: readonly string[];
  /**
   * Reads again, inside the numbering transaction, what the event tells (an order as it is now),
   * and keeps it as the event's payload. The numbering holds the site's counter row, so an event
   * numbered later was read later: a site's events, in number order, never tell an older state
   * after a newer one, also when two processes number them (decision 0053). The events of a batch
   * that name the same `read` are read together: one statement for all the orders of a burst
   * instead of one each. `take` gets what `read` found for `id`.
   */
  reread?: Reread;
}

/** A re-read shared by the events of a batch (`LoggedEvent.reread`). */
export interface Reread {
  id: number;
  read: (db: Db, ids: readonly number[]) => Promise<ReadonlyMap<number, unknown>>;
  take: (found: unknown) => void;
  /**
   * The version of what was found, when `id` is an order: its `updated_at` and `status`. On
   * PostgreSQL the events are read before they are numbered, and the numbering checks, with the
   * orders locked, that each is still at that version (else it reads again).
   */
  orderVersion?: (found: unknown) => OrderVersion;
  /**
   * What the write that asked for the event read after it committed (an order as it was then). On
   * PostgreSQL the first attempt checks that version instead of reading it again: an order that
   * did not move meanwhile is numbered without a read, one that did is read again.
   */
  known?: unknown;
}

/** What an order's event is checked against when it is numbered (`Reread.orderVersion`). */
export interface OrderVersion {
  updatedAt: string;
  status: string;
}

/**
 * Runs each distinct `read` of the events once, for all their ids, and gives each event what was
 * found (with `useKnown`, an event whose write already read its order takes that instead). Answers
 * the versions of the orders found (by id), for the numbering's check.
 */
async function rereadAll(db: Db, events: readonly LoggedEvent[], useKnown = false): Promise<Map<number, OrderVersion>> {
  const byRead = new Map<Reread['read'], Reread[]>();
  const versions = new Map<number, OrderVersion>();
  for (const { reread } of events) {
    if (!reread) continue;
    if (useKnown && reread.known !== undefined && reread.orderVersion) {
      reread.take(reread.known);
      versions.set(reread.id, reread.orderVersion(reread.known));
      continue;
    }
    const list = byRead.get(reread.read) ?? [];
    list.push(reread);
    byRead.set(reread.read, list);
  }
  for (const [read, rereads] of byRead) {
    const found = await read(db, [...new Set(rereads.map((r) => r.id))]);
    for (const r of rereads) {
      if (!found.has(r.id)) continue;
      r.take(found.get(r.id));
      if (r.orderVersion) versions.set(r.id, r.orderVersion(found.get(r.id)));
    }
  }
  return versions;
}

/** How often the numbering reads again an order that moved on between its read and its number. */
const VERSION_ATTEMPTS = 5;

/** The notes a numbering statement sends (`RelayCarrier`): the relays before it, then its events' (or none of theirs). */
interface Carried {
  before: readonly Note[];
  /** Each event's note, its number marked SEQ_MARK; null: the events go apart. */
  events: readonly Note[] | null;
}

/** The text of an event's number in its note before the statement writes it (`SEQ_MARK`). */
const SEQ_MARK_TEXT = `"seq":${SEQ_MARK}`;

/**
 * PostgreSQL: numbers and keeps the events of a site in one statement, without a transaction of
 * its own. The orders the events tell are locked (FOR SHARE: a move of one waits for this
 * statement) and must still be at the version they were read at; then the site's counter is
 * advanced and the events inserted. Answers the first number, or null when an order had moved on
 * meanwhile (nothing is numbered: read again and retry). Events whose order did not move read
 * nothing new, so the state told under a number is the order's state at that number, as with the
 * transaction this replaces (decision 0053), in 2 round trips instead of 5.
 *
 * With `carried`, the same statement sends the relays asked for before it and, once numbered, its
 * events' own with their numbers written in (decision 0119): PostgreSQL delivers them when the
 * statement commits, in the order given, with the events already kept for a client's catch-up.
 */
async function numberChecked(
  db: Db,
  siteId: number,
  events: readonly LoggedEvent[],
  versions: ReadonlyMap<number, OrderVersion>,
  at: string,
  carried?: Carried,
): Promise<number | null> {
  const ids = [...versions.keys()];
  const read = [...versions.values()];
  const count = events.length;
  const notes = carried ? [...carried.before, ...(carried.events ?? [])] : [];
  // Per note: its event's place in the batch (1-based), or null for a relay sent before.
  const places = notes.map((_, i) =>
    i < (carried?.before.length ?? 0) ? null : i - (carried?.before.length ?? 0) + 1,
  );
  const sent =
    notes.length === 0
      ? sql``
      : sql`, (select count(*) from (
        select pg_notify(n.channel, case when n.place is null then n.text
          else replace(n.text, ${SEQ_MARK_TEXT}, '"seq":' || ((select seq from numbered) - ${count} + n.place)::text) end)
        from unnest(${notes.map((n) => n.channel)}::text[], ${notes.map((n) => n.text)}::text[], ${places}::int[])
          with ordinality as n(channel, text, place, ord)
        where n.place is null or exists (select 1 from numbered)
        order by n.ord) as notified) as sent`;
  const result = await sql<{ seq: number | string | null }>`
    with checked as (
      select o.id, o.updated_at, o.status from orders o where o.id = any(${ids}::int[]) for share
    ), stale as (
      select 1 from checked c
      join unnest(${ids}::int[], ${read.map((v) => v.updatedAt)}::text[],
        ${read.map((v) => v.status)}::text[]) as e(id, updated_at, status) on e.id = c.id
      where c.updated_at <> e.updated_at or c.status <> e.status
    ), numbered as (
      insert into live_sequences (site_id, seq) select ${siteId}, ${count} where not exists (select 1 from stale)
      on conflict (site_id) do update set seq = live_sequences.seq + ${count}
      returning seq
    ), kept as (
      insert into live_events (site_id, seq, event, payload, rooms, created_at)
      select ${siteId}, numbered.seq - ${count} + e.ord, e.event, e.payload, e.rooms, ${at}
      from numbered, unnest(${events.map((e) => e.event)}::text[], ${events.map((e) => JSON.stringify(withoutSeq(e.payload(0))))}::text[],
        ${events.map((e) => JSON.stringify(e.rooms))}::text[]) with ordinality as e(event, payload, rooms, ord)
    )
    select (select seq from numbered) as seq${sent}`.execute(db);
  const last = result.rows[0]?.seq;
  if (last === null || last === undefined) return null;
  return Number(last) - count + 1;
}

/** An event's payload as kept: its number is the row's (`missed` puts it back). */
function withoutSeq(payload: object): object {
  const { seq: _seq, ...rest } = payload as { seq?: unknown };
  return rest;
}

/** What `LiveLog.record` did: the first number, and whether the other processes were sent the events with it. */
export interface Recorded {
  first: number;
  /** The numbering statement sent the events' relays too (`RelayCarrier`): send them to this process's clients only. */
  relayed: boolean;
}

export interface LiveLog {
  /**
   * Takes the site's next numbers for `events` (in their order) and keeps each event under its
   * number, in one short transaction: a number is used once it is given (nothing rolls back after
   * the commit), so there is no gap. Gives the first number. A burst is numbered in one go.
   */
  record(siteId: number, events: readonly LoggedEvent[], carrier?: RelayCarrier): Promise<Recorded>;
  /** The site's last sequence number given (0: none yet). */
  current(siteId: number): Promise<number>;
  /** The events of a site after `after` that went to one of `rooms`, in order, or `tooOld`. */
  missed(siteId: number, after: number, rooms: ReadonlySet<string>): Promise<LiveMissed>;
}

export function createLiveLog(db: Db, now: () => Date, dialect: Dialect = 'sqlite'): LiveLog {
  async function current(siteId: number): Promise<number> {
    const row = await db.selectFrom('live_sequences').select('seq').where('site_id', '=', siteId).executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /**
   * Every PRUNE_EVERY numbers (when `first`..`last` passed a multiple of it), deletes the site's
   * events older than a day or further back than LIVE_LOG_KEEP_EVENTS.
   */
  async function prune(siteId: number, first: number, last: number, at: Date, on: Db = db): Promise<void> {
    if (Math.floor(last / PRUNE_EVERY) === Math.floor((first - 1) / PRUNE_EVERY)) return;
    const before = new Date(at.getTime() - LIVE_LOG_KEEP_MS).toISOString();
    await on
      .deleteFrom('live_events')
      .where('site_id', '=', siteId)
      .where((eb) => eb.or([eb('seq', '<=', last - LIVE_LOG_KEEP_EVENTS), eb('created_at', '<', before)]))
      .execute();
  }

  return {
    current,

    async record(siteId, events, carrier) {
      const at = now();
      const count = events.length;
      if (dialect === 'postgres') {
        for (let attempt = 1; attempt <= VERSION_ATTEMPTS; attempt += 1) {
          // The first attempt checks what the writes already read; a retry reads again.
          const versions = await rereadAll(db, events, attempt === 1);
          let relayed = false;
          const number = (carried?: Carried) => numberChecked(db, siteId, events, versions, at.toISOString(), carried);
          // Carried when no relay statement is on its way (decision 0119); else alone, at once.
          const carried = carrier?.carry((before) => {
            // The notes are made as the statement leaves: what each event tells is final.
            const notes = events.map(({ rooms, event, payload }) => carrier.note(rooms, event, payload(SEQ_MARK)));
            const all = notes.every((note) => note !== null) ? notes : null;
            relayed = all !== null;
            return number({ before, events: all });
          });
          const first = await (carried ?? number());
          if (first === null) continue;
          await prune(siteId, first, first + count - 1, at);
          return { first, relayed };
        }
        // An order moving on again and again: number it under the counter's lock instead.
      } else if (events.every(({ reread }) => !reread || reread.known !== undefined)) {
        // SQLite: one process writes, one statement at a time, and each write asks for its events
        // right after its commit with what it wrote (`known`), so events are asked for in the
        // order of the writes: nothing to read again. The events are kept under the numbers after
        // the site's counter, then the counter is moved past them: two statements without a
        // transaction. A reader between the two (`missed`, `hello`) sees the counter before these
        // events, whose numbers then reach it live; a process that died between the two sent
        // nothing, and its next events take the same numbers (the rows are replaced).
        await rereadAll(db, events, true);
        const base = sql<number>`(select coalesce(max(seq), 0) from live_sequences where site_id = ${siteId})`;
        const kept = await db
          .replaceInto('live_events')
          .values(
            events.map(({ event, payload, rooms }, i) => ({
              site_id: siteId,
              seq: sql<number>`${base} + ${i + 1}`,
              event,
              payload: JSON.stringify(withoutSeq(payload(0))),
              rooms: JSON.stringify(rooms),
              created_at: at.toISOString(),
            })),
          )
          .returning('seq')
          .execute();
        const first = Math.min(...kept.map((row) => Number(row.seq)));
        const last = first + count - 1;
        await db
          .insertInto('live_sequences')
          .values({ site_id: siteId, seq: last })
          .onConflict((oc) => oc.column('site_id').doUpdateSet({ seq: last }))
          .execute();
        await prune(siteId, first, last, at);
        return { first, relayed: false };
      }
      const first = await db.transaction().execute(async (trx) => {
        // One statement takes the numbers: the row is locked (PostgreSQL) until the commit, so a
        // second process waits only for this short transaction, never for a domain write.
        const row = await trx
          .insertInto('live_sequences')
          .values({ site_id: siteId, seq: count })
          .onConflict((oc) => oc.column('site_id').doUpdateSet({ seq: sql<number>`live_sequences.seq + ${count}` }))
          .returning('seq')
          .executeTakeFirstOrThrow();
        const last = Number(row.seq);
        const first = last - count + 1;
        await rereadAll(trx, events);
        await trx
          .insertInto('live_events')
          .values(
            events.map(({ event, payload, rooms }, i) => ({
              site_id: siteId,
              seq: first + i,
              event,
              payload: JSON.stringify(payload(first + i)),
              rooms: JSON.stringify(rooms),
              created_at: at.toISOString(),
            })),
          )
          .execute();
        await prune(siteId, first, last, at, trx);
        return first;
      });
      return { first, relayed: false };
    },

    async missed(siteId, after, rooms) {
      const seq = await current(siteId);
      const tooOld: LiveMissed = { siteId, seq, tooOld: true, events: [] };
      // A number this server never gave (another database, restored from a backup): start again.
      if (after > seq) return tooOld;
      if (after === seq) return { siteId, seq, tooOld: false, events: [] };
      if (seq - after > LIVE_MISSED_MAX) return tooOld;
      const rows = await db
        .selectFrom('live_events')
        .select(['seq', 'event', 'payload', 'rooms'])
        .where('site_id', '=', siteId)
        .where('seq', '>', after)
        .where('seq', '<=', seq)
        .orderBy('seq')
        .execute();
      // Every number up to `seq` was committed with its event: a missing first one was deleted as old.
      if (rows.length === 0 || Number(rows[0]?.seq) !== after + 1) return tooOld;
      const events: MissedEvent[] = [];
      for (const row of rows) {
        const to = JSON.parse(row.rooms) as string[];
        if (!to.some((room) => rooms.has(room))) continue;
        events.push({
          event: row.event as MissedEvent['event'],
          seq: Number(row.seq),
          // Kept without its number (PostgreSQL) or with it (SQLite): the row's number is the event's.
          payload: { ...(JSON.parse(row.payload) as Record<string, unknown>), seq: Number(row.seq) },
        });
      }
      return { siteId, seq, tooOld: false, events };
    },
  };
}

/**
 * `hello` on every connect (docs/api/live-events.md): the site the connection follows (the rooms
 * admitSockets joined it to), whether it gets the board, and the site's current number. The number
 * is read once the connection is connected and in its rooms, so every event numbered later reaches
 * it, and every one numbered before is in what the client reads after this.
 */
export function greetSockets(io: LiveServer, currentSeq: (siteId: number) => Promise<number>): void {
  io.on('connection', (socket) => {
    const siteId = [...socket.rooms].map((room) => /^site:(\d+)$/.exec(room)?.[1]).find((id) => id !== undefined);
    if (siteId === undefined) return;
    const site = Number(siteId);
    const board = socket.rooms.has(ROOMS.staff(site));
    // The database away (an outage answers 503 meanwhile): ask again while the connection lasts;
    // the client holds the site's events until its `hello`.
    const greet = () => {
      currentSeq(site).then(
        (seq) => socket.emit('hello', { siteId: site, board, seq }),
        () => {
          if (socket.connected) setTimeout(greet, HELLO_RETRY_MS).unref();
        },
      );
    };
    greet();
  });
}
