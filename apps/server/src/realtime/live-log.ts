import type { LiveMissed, MissedEvent } from '@cafe/shared';
import { sql } from 'kysely';
import type { Db } from '../db/types';
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
}

/** Runs each distinct `read` of the events once, for all their ids, and gives each event what was found. */
async function rereadAll(db: Db, events: readonly LoggedEvent[]): Promise<void> {
  const byRead = new Map<Reread['read'], Reread[]>();
  for (const { reread } of events) {
    if (!reread) continue;
    const list = byRead.get(reread.read) ?? [];
    list.push(reread);
    byRead.set(reread.read, list);
  }
  for (const [read, rereads] of byRead) {
    const found = await read(db, [...new Set(rereads.map((r) => r.id))]);
    for (const r of rereads) if (found.has(r.id)) r.take(found.get(r.id));
  }
}

export interface LiveLog {
  /**
   * Takes the site's next numbers for `events` (in their order) and keeps each event under its
   * number, in one short transaction: a number is used once it is given (nothing rolls back after
   * the commit), so there is no gap. Gives the first number. A burst is numbered in one go.
   */
  record(siteId: number, events: readonly LoggedEvent[]): Promise<number>;
  /** The site's last sequence number given (0: none yet). */
  current(siteId: number): Promise<number>;
  /** The events of a site after `after` that went to one of `rooms`, in order, or `tooOld`. */
  missed(siteId: number, after: number, rooms: ReadonlySet<string>): Promise<LiveMissed>;
}

export function createLiveLog(db: Db, now: () => Date): LiveLog {
  async function current(siteId: number): Promise<number> {
    const row = await db.selectFrom('live_sequences').select('seq').where('site_id', '=', siteId).executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  return {
    current,

    async record(siteId, events) {
      const at = now();
      const count = events.length;
      return db.transaction().execute(async (trx) => {
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
        if (Math.floor(last / PRUNE_EVERY) > Math.floor((first - 1) / PRUNE_EVERY)) {
          const before = new Date(at.getTime() - LIVE_LOG_KEEP_MS).toISOString();
          await trx
            .deleteFrom('live_events')
            .where('site_id', '=', siteId)
            .where((eb) => eb.or([eb('seq', '<=', last - LIVE_LOG_KEEP_EVENTS), eb('created_at', '<', before)]))
            .execute();
        }
        return first;
      });
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
          payload: JSON.parse(row.payload) as Record<string, unknown>,
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
