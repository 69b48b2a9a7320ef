import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Note, RelayCarrier, RelayGate } from './relay-gate';

/** The one statement the adapter relays a message with (`@socket.io/postgres-adapter` 0.5). */
export const NOTIFY = 'SELECT pg_notify($1, $2)';
/** At most this many relays in one statement. */
const NOTIFY_BATCH = 100;
/**
 * A numbering carries the relays (decision 0119) only when this process numbered nothing for this
 * long: in a rush the numberings go alone and the relays of many writes in one statement.
 */
const CARRY_AFTER_QUIET_MS = 1000;
/** What a query asked for while a note is made (`RelayStream.capture`) answers when it is not the note's. */
export const NOT_A_NOTE = new Error('not a note: sent apart');

/** A relay waiting for its statement, told once it is sent. */
interface Relay {
  values: [string, string];
  done: (error?: unknown) => void;
}

/** This process's relays to the others, in the order asked for, and the statements that carry some. */
export interface RelayStream {
  notify(values: [string, string]): Promise<void>;
  carry: RelayCarrier['carry'];
  /** The relays `make` asks for, made but not sent; null when one of them cannot be a note (an attachment). */
  capture(make: () => void): Note[] | null;
  /** Answers a query the adapter asks for while a note is made. */
  captured(text: unknown, values: unknown): Promise<unknown> | undefined;
}

/**
 * The adapter relays each message (an event, a join, a heartbeat) with a statement of its own: a
 * round trip to the database and a wake-up of a database process each, about five per order in a
 * rush (docs/decisions/0058-performance-third-round.md). Here the relays asked for by one run of
 * code go together when it ends, and the ones asked for while a statement is on its way go
 * together in the next statement (`SELECT pg_notify(..),
 * pg_notify(..), ...`): the same notifications, in the order asked, one round trip. Each is still
 * its own message to the listeners. (PostgreSQL delivers two identical ones of one statement once:
 * every event carries its own number, so only a repeated join or heartbeat can be identical, and
 * either says nothing the first did not.) While the gate is held (events being numbered) the
 * relays wait for it to open, and leave with the events' own.
 *
 * At a quiet moment (nothing numbered for CARRY_AFTER_QUIET_MS, no relay statement on its way, no
 * other site's events being numbered), a statement that numbers live events carries the relays
 * waiting and then its events' own (`carry`, decision 0119): the others hear everything in the
 * order this process asked, in one statement. Otherwise (a rush), the numbering goes alone, at
 * once, and its events' relays follow in the stream as before: the sites' numberings never wait
 * for one another, nor for the notification lock PostgreSQL holds through the commit of a
 * statement that writes and notifies.
 */
export function relayStream(
  pool: pg.Pool,
  log: FastifyBaseLogger,
  gate: RelayGate,
  quietMs = CARRY_AFTER_QUIET_MS,
  now: () => number = Date.now,
): RelayStream {
  const queue: Relay[] = [];
  /** When this process last asked to number events (-Infinity: never). */
  let lastNumbering = -Infinity;
  let sending = false;
  let scheduled = false;
  let waitingForGate = false;
  /** While a note is made: the relays asked for (null: one could not be a note). */
  let capturing: Note[] | null | undefined;

  async function sendPlain(batch: Relay[]): Promise<void> {
    try {
      const text = `SELECT ${batch.map((_, i) => `pg_notify($${2 * i + 1}, $${2 * i + 2})`).join(', ')}`;
      await pool.query(
        text,
        batch.flatMap((b) => b.values),
      );
      for (const b of batch) b.done();
    } catch (error) {
      log.debug({ err: error, messages: batch.length }, 'live events: a batch of relays failed');
      for (const b of batch) b.done(error);
    }
  }

  /** Runs one step (a batch, or a statement that carries some) as the stream's statement on its way. */
  function step(work: Promise<void>): void {
    sending = true;
    void work.finally(() => {
      sending = false;
      // What was asked for meanwhile follows at once, as one run of sending.
      drain(false);
    });
  }

  /**
   * Sends the next batch. A run of sending starts once nothing holds the gate (`checkGate`), and
   * goes on while relays wait: what is asked for while a statement is on its way follows it.
   */
  function drain(checkGate: boolean): void {
    if (sending || queue.length === 0) return;
    if (checkGate && gate.holders() > 0) {
      // Events are being numbered: these relays go with them, or once the gate opens.
      if (!waitingForGate) {
        waitingForGate = true;
        void gate.open().then(() => {
          waitingForGate = false;
          drain(false);
        });
      }
      return;
    }
    step(sendPlain(queue.splice(0, NOTIFY_BATCH)));
  }

  // The first relay waits until the code that asked for it has run to its end (a microtask), not
  // for a statement: the relays a change asks for together (a placement's cache drop and its join
  // of the waiting room) go in one statement. (Waiting for the event loop's next turn instead,
  // setImmediate, held every relay behind the turn's other callbacks: the 5-site rush's event p99
  // went up by about a tenth.)
  function schedule(): void {
    if (sending || scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      drain(true);
    });
  }

  return {
    notify: (values) =>
      new Promise<void>((resolve, reject) => {
        queue.push({
          values,
          done: (error?: unknown) =>
            error === undefined
              ? resolve()
              : reject(error instanceof Error ? error : new Error('the relay failed', { cause: error })),
        });
        schedule();
      }),
    carry<T>(statement: (before: readonly Note[]) => Promise<T>): Promise<T> | undefined {
      // Only at a quiet moment: a statement that writes and notifies holds PostgreSQL's
      // notification lock through its commit, which every notifying commit waits for.
      const at = now();
      const quiet = at - lastNumbering >= quietMs;
      lastNumbering = at;
      if (!quiet || sending || gate.holders() > 1 || queue.length > NOTIFY_BATCH) return undefined;
      const before = queue.splice(0);
      const carried = statement(before.map(({ values: [channel, text] }) => ({ channel, text })));
      step(
        carried.then(
          () => {
            for (const b of before) b.done();
          },
          (error: unknown) => {
            for (const b of before) b.done(error);
          },
        ),
      );
      return carried;
    },
    capture(make) {
      capturing = [];
      let notes: Note[] | null;
      try {
        make();
      } finally {
        notes = capturing;
        capturing = undefined;
      }
      return notes;
    },
    captured(text, values) {
      if (capturing === undefined) return undefined;
      if (capturing !== null && text === NOTIFY && Array.isArray(values)) {
        const [channel, note] = values as [string, string];
        capturing.push({ channel, text: note });
        return Promise.resolve();
      }
      // An attachment's row: the message goes apart, not in a statement.
      capturing = null;
      return Promise.reject(NOT_A_NOTE);
    },
  };
}
