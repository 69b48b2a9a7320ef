import { DISPLAY_NAMESPACE } from '@cafe/shared';
import { createAdapter, type PostgresAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import { MessageType, type BroadcastOptions } from 'socket.io-adapter';
import { relayGateOf, setRelayCarrier } from './relay-gate';
import { NOT_A_NOTE, NOTIFY, relayStream, type RelayStream } from './relay-stream';
import type { LiveServer } from './socket';

/** SQLSTATEs of a concurrent CREATE TABLE IF NOT EXISTS losing the race (unique_violation, duplicate_table). */
const CREATED_BY_ANOTHER = new Set(['23505', '42P07']);

/**
 * Every live connection of this process ends its transport, so its client reconnects by itself
 * and fetches afresh (the web app refetches what it shows on every reconnect): the events other
 * processes sent while this one was not listening are lost, the state they announced is not.
 */
function catchUpLocalClients(io: LiveServer): void {
  for (const name of ['/', DISPLAY_NAMESPACE]) for (const socket of io.of(name).sockets.values()) socket.conn.close();
}

/**
 * The adapter (0.5) takes one client from the pool for LISTEN and adds no 'error' listener to it:
 * a terminated backend, a database restart or a failover would raise an unhandled 'error' event and
 * end the process. It only reconnects on 'end', and never gives the dead client back to the pool,
 * which would lose a slot of the pool each time. This pool hands the adapter clients that:
 * - log an error instead of throwing it, and go back to the pool marked broken (the pool ends
 *   them, which is the 'end' the adapter waits for to reconnect);
 * - once LISTEN is in place again, tell this process's live clients to reconnect and catch up.
 *
 * One failure can make the adapter start listening twice: a LISTEN that fails (its answer later
 * than `query_timeout` on a loaded machine, the connection closed under it) both rejects, after
 * which the adapter schedules a reconnection, and ends the connection, after which it schedules
 * another. Each made a listening connection of its own: every event of the other processes then
 * came to this process's clients twice, and the older connection was never given back, so the
 * pool's end (a graceful stop) waited for it forever. So one listening connection at a time:
 * a new one replaces (ends) the one before, only the newest one's notifications and end reach the
 * adapter, and a connection whose LISTEN failed is ended at once.
 *
 * Once the adapter is closed (`shut`), the listening connection is given back whatever the
 * adapter was doing, and one asked for later never comes. The adapter's close gives back only a
 * connection already listening and clears only its latest reconnection timer: a reconnection
 * under way when the process stopped (an earlier timer, a LISTEN still on its way) kept the
 * connection it got, and the pool's end waited for it forever.
 */
function listenerPool(
  pool: pg.Pool,
  log: FastifyBaseLogger,
  stream: RelayStream,
  onListening: () => void,
  onDeaf: () => void,
): { pool: pg.Pool; shut: () => void } {
  /** The listening connection the adapter was given last: the only one that counts. */
  let current: { release: (error?: Error | boolean) => void } | undefined;
  let shut = false;
  /** What the adapter asks for after its close: it waits, and nothing is held or retried. */
  const never = () => new Promise<never>(() => undefined);
  const connect = async (): Promise<pg.PoolClient> => {
    if (shut) return never();
    const client = await pool.connect();
    if (shut) {
      client.release();
      return never();
    }
    // The one before, if the adapter still holds it, is ended: it must not listen beside this one.
    current?.release(new Error('replaced by a newer listening connection'));
    const giveBack = client.release.bind(client);
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back on the same client
    const originalQuery = client.query;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back on the same client
    const originalOn = client.on;
    let released = false;
    // The pool hands this client out again after it is given back whole (the adapter's close), with
    // a release of its own: the listeners and the wrapped methods are taken off first, so a later
    // error of the client can never give it back twice. One given back broken is ended by the pool
    // and keeps its wrappers: what the adapter still does with it (it may attach its listeners
    // after this connection was replaced) must not reach the adapter.
    const release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off('error', onError);
      client.off('end', onEnd);
      if (!error) {
        client.query = originalQuery;
        client.on = originalOn;
      }
      client.release = giveBack;
      giveBack(error);
    };
    const self = { release };
    const isCurrent = () => current === self;
    const broke = (error: Error) => {
      if (isCurrent()) onDeaf();
      release(error);
    };
    const onError = (error: Error) => {
      log.warn({ err: error }, 'live events: the listening database connection broke; listening again');
      broke(error);
    };
    const onEnd = () => broke(new Error('listening connection ended'));
    // The adapter releases it on close, this on error or end: whichever comes first counts.
    client.release = release;
    client.on('error', onError);
    client.on('end', onEnd);
    current = self;

    // What the adapter listens for on it (its notifications, its end) reaches it only while this
    // is the newest listening connection.
    const on = originalOn.bind(client) as (event: string, listener: (...args: unknown[]) => void) => unknown;
    client.on = ((event: string, listener: (...args: unknown[]) => void) =>
      on(
        event,
        event === 'notification' || event === 'end'
          ? (...args: unknown[]) => {
              if (isCurrent()) listener(...args);
            }
          : listener,
      )) as typeof client.on;

    const query = originalQuery.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (typeof args[0] === 'string' && args[0].startsWith('LISTEN') && result instanceof Promise) {
        result.then(
          () => {
            if (isCurrent()) onListening();
          },
          (error: unknown) => broke(error instanceof Error ? error : new Error('LISTEN failed', { cause: error })),
        );
      }
      return result;
    }) as typeof client.query;
    return client;
  };
  // Everything else (attachments, clean-up) goes straight to the shared pool; the relays
  // (pg_notify) go in batches, or are kept as notes while one is made.
  const query = (text: unknown, values?: unknown) =>
    stream.captured(text, values) ??
    (text === NOTIFY && Array.isArray(values)
      ? stream.notify(values as [string, string])
      : pool.query(text as string, values as unknown[]));
  return {
    pool: { query, connect } as unknown as pg.Pool,
    shut() {
      shut = true;
      current?.release(new Error('the live adapter closed'));
    },
  };
}

/** Bytes of a relay's payload above which the adapter sends it as an attachment (PostgreSQL's limit: under 8000). */
const PAYLOAD_THRESHOLD = 7_900;

/**
 * The adapter's table for large payloads; processes starting together may both try to make it.
 * With a migration role (MIGRATE_DATABASE_URL) that role makes it, and the application's role,
 * which may not create tables (not even with IF NOT EXISTS), finds it there.
 */
export async function ensureAttachmentTable(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ found: string | null }>(
    `SELECT to_regclass('socket_io_attachments')::text AS found`,
  );
  if (rows[0]?.found) return;
  try {
    await pool.query(`CREATE TABLE IF NOT EXISTS socket_io_attachments (
      id bigserial UNIQUE,
      created_at timestamptz DEFAULT NOW(),
      payload bytea
    )`);
  } catch (error) {
    if (!CREATED_BY_ANOTHER.has((error as { code?: string }).code ?? '')) throw error;
  }
}

type Broadcast = (packet: unknown, opts: BroadcastOptions) => Promise<void>;

/**
 * The adapter relays a broadcast to the other processes (pg_notify on the shared pool) and only
 * then, once the database has answered, sends it to this process's own clients: every event
 * waited for a round trip, and for a free connection of the pool, which a burst of placements
 * holds (a burst of 200 orders on PostgreSQL reached the boards 1.8x later than on SQLite). Here
 * this process's clients get it at once, in the order it was emitted, and the relay follows. An
 * event always went to the two sides independently (a failed relay was only logged), so nothing
 * that was delivered before is lost.
 */
function localFirst(
  make: (nsp: unknown) => PostgresAdapter,
  hearing: () => boolean,
  /** While true, a broadcast is only relayed (a note being made: `RelayCarrier.note`). */
  relayOnly: () => boolean,
  /** Called once every namespace's adapter is closed (the server closing). */
  allClosed: () => void,
): (nsp: unknown) => PostgresAdapter {
  let open = 0;
  return function adapterFor(nsp) {
    const adapter = make(nsp);
    open += 1;
    const close = adapter.close.bind(adapter);
    adapter.close = () => {
      const closed = close();
      open -= 1;
      if (open === 0) allClosed();
      return closed;
    };
    const broadcast = adapter.broadcast.bind(adapter) as Broadcast;
    const relay = (adapter as unknown as { publish(message: { type: MessageType; data: unknown }): void }).publish.bind(
      adapter,
    );
    (adapter as unknown as { broadcast: Broadcast }).broadcast = (packet, opts) => {
      if (opts.flags?.local) return broadcast(packet, opts);
      relay({
        type: MessageType.BROADCAST,
        data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags } },
      });
      if (relayOnly()) return Promise.resolve();
      // Deaf to the others (the listening connection lost), this process keeps its own events from
      // its clients too: they are in the log, and the catch-up once it listens again ends these
      // clients' transport. A client catches up after the last number it holds, so an own event
      // delivered now, numbered after one of another process's that this process missed, would
      // hide that one from a phone's catch-up (docs/decisions/0084-a-week-of-office-days.md).
      if (!hearing()) return Promise.resolve();
      return broadcast(packet, { ...opts, flags: { ...opts.flags, local: true } });
    };
    return adapter;
  };
}

/** The adapter's timings; a test that counts statements makes the first two rare and the last 0. */
export interface ClusterIntervals {
  /** How often the adapter says it is alive (its default: 5 s). */
  heartbeatMs?: number;
  /** How often it cleans its attachments (its default: 30 s). */
  cleanupMs?: number;
  /** How long without a numbering before one carries the relays (relay-stream.ts; 1 s). */
  carryAfterQuietMs?: number;
}

/**
 * With PostgreSQL, several server processes may stand behind one address: the adapter relays
 * every event through the database (LISTEN/NOTIFY) so each client gets what is meant for it.
 */
export async function attachClusterAdapter(
  app: FastifyInstance,
  pool: pg.Pool,
  intervals: ClusterIntervals = {},
): Promise<void> {
  await ensureAttachmentTable(pool);
  const io = app.io;
  let catchUp: NodeJS.Immediate | undefined;
  /** Whether this process hears the others: from the catch-up after a LISTEN until its connection breaks. */
  let hearing = false;
  // One catch-up per LISTEN round (one LISTEN per namespace).
  const onListening = () => {
    catchUp ??= setImmediate(() => {
      catchUp = undefined;
      hearing = true;
      // What this process keeps in memory may have changed meanwhile, unannounced.
      app.ctx.bus.resync();
      catchUpLocalClients(io);
    });
  };
  const stream = relayStream(pool, app.log, relayGateOf(io), intervals.carryAfterQuietMs);
  let relayOnly = false;
  const listening = listenerPool(pool, app.log, stream, onListening, () => {
    hearing = false;
  });
  io.adapter(
    localFirst(
      createAdapter(listening.pool, {
        errorHandler: (error) => {
          if (error !== NOT_A_NOTE) app.log.warn({ err: error }, 'socket adapter');
        },
        // A notification's payload must be shorter than 8000 bytes; the adapter's own threshold
        // (8000) let one of exactly 8000 through, which PostgreSQL refused. Larger ones go as
        // attachments (its table), well before the limit.
        payloadThreshold: PAYLOAD_THRESHOLD,
        ...(intervals.heartbeatMs === undefined
          ? {}
          : { heartbeatInterval: intervals.heartbeatMs, heartbeatTimeout: 2 * intervals.heartbeatMs }),
        ...(intervals.cleanupMs === undefined ? {} : { cleanupInterval: intervals.cleanupMs }),
      }),
      () => hearing,
      () => relayOnly,
      listening.shut,
    ),
  );
  setRelayCarrier(io, {
    note(rooms, event, payload) {
      const notes = stream.capture(() => {
        relayOnly = true;
        try {
          (io.to([...rooms]).emit as (name: string, data: object) => boolean)(event, payload);
        } finally {
          relayOnly = false;
        }
      });
      return notes?.length === 1 ? (notes[0] ?? null) : null;
    },
    carry: stream.carry,
    local(rooms, event, payload) {
      // As localFirst: deaf to the others, this process keeps its own events from its clients too.
      if (hearing) (io.local.to([...rooms]).emit as (name: string, data: object) => boolean)(event, payload);
    },
  });
}
