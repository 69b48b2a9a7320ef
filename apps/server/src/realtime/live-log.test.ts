import type { HelloEvent, Order } from '@cafe/shared';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { findOrders } from '../modules/orders/orders.repository';
import { cafeOrderBody, createOrderingApp, placeOrder } from '../test-support/order-fixtures';
import { createTestApp, FIRST_SITE_ID } from '../test-support/test-app';
import { until } from '../test-support/waits';
import { createLiveLog, greetSockets, type LiveLog, type LoggedEvent, type Reread } from './live-log';
import type { RelayCarrier } from './relay-gate';
import { createSocketServer, ROOMS, type LiveServer } from './socket';

describe('hello', () => {
  let http: HttpServer | undefined;
  let io: LiveServer | undefined;
  afterEach(async () => {
    await io?.close();
    http?.close();
  });

  it("keeps the connection and says hello once the site's number can be read again (the database was away)", async () => {
    http = createServer();
    io = createSocketServer(http);
    io.use((socket, next) => {
      void socket.join([ROOMS.site(3), ROOMS.staff(3)]);
      next();
    });
    let asked = 0;
    greetSockets(io, () => {
      asked += 1;
      return asked === 1 ? Promise.reject(new Error('the database is away')) : Promise.resolve(42);
    });
    await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    const client = connectSocket(`http://127.0.0.1:${port}`, { path: '/api/socket.io', transports: ['websocket'] });
    const disconnects: string[] = [];
    client.on('disconnect', (reason) => disconnects.push(reason));
    try {
      const hello = await new Promise<HelloEvent>((resolve) => client.on('hello' as never, resolve));
      expect(hello).toEqual({ siteId: 3, board: true, seq: 42 });
      expect(asked).toBe(2);
      expect(disconnects).toEqual([]);
    } finally {
      client.disconnect();
    }
  });
});

describe('numbering a burst', () => {
  it('reads the orders of a burst again in one read, and keeps what it found as each event', async () => {
    const t = await createTestApp();
    try {
      const log = createLiveLog(t.app.ctx.db, () => new Date('2026-11-18T03:00:00.000Z'));
      const asked: (readonly number[])[] = [];
      const read = (_db: unknown, ids: readonly number[]) => {
        asked.push(ids);
        return Promise.resolve(new Map(ids.filter((id) => id !== 3).map((id) => [id, `order ${id} now`])));
      };
      const kept: unknown[] = [];
      const event = (id: number): LoggedEvent => ({
        event: 'orders',
        rooms: [ROOMS.staff(FIRST_SITE_ID)],
        payload: (seq) => ({ id, seq }),
        reread: { id, read, take: (found) => kept.push([id, found]) },
      });
      const { first } = await log.record(FIRST_SITE_ID, [event(1), event(2), event(1), event(3)]);
      // One read for the four, each order once; an order no longer there keeps its event as it was.
      expect(asked).toEqual([[1, 2, 3]]);
      expect(kept).toEqual([
        [1, 'order 1 now'],
        [2, 'order 2 now'],
        [1, 'order 1 now'],
      ]);
      expect(await log.current(FIRST_SITE_ID)).toBe(first + 3);
    } finally {
      await t.close();
    }
  });
});

/** The `orders` event of an order at the first site, read again as `reread` says, checked by the order's version. */
function orderEvent(id: number, reread: Pick<Reread, 'read' | 'take' | 'known'>): LoggedEvent {
  return {
    event: 'orders',
    rooms: [ROOMS.staff(FIRST_SITE_ID)],
    payload: (seq) => ({ id, seq }),
    reread: {
      id,
      ...reread,
      orderVersion: (found) => {
        const order = found as { status: string; updated_at: string };
        return { updatedAt: order.updated_at, status: order.status };
      },
    },
  };
}

/**
 * The `orders` events of order `id` that `log` kept after number `after`, as `missed` gives them
 * back. The app numbers events of its own at the site meanwhile (busy mode's, worked out after a
 * placement): the site's last number says nothing about this one event.
 */
async function eventsOf(log: LiveLog, id: number, after: number) {
  const missed = await log.missed(FIRST_SITE_ID, after, new Set([ROOMS.staff(FIRST_SITE_ID)]));
  return missed.events.filter((e) => e.event === 'orders' && (e.payload as { id?: unknown }).id === id);
}

// SQLite numbers under the counter's lock in one transaction, in one process: nothing to race.
describe.skipIf(!process.env.TEST_DATABASE_URL)('numbering on PostgreSQL', () => {
  it('reads an order again when it moved on between its read and its number, so no number tells an older state', async () => {
    const { t, menu, image } = await createOrderingApp();
    try {
      const owner = await t.createUser();
      const placed = (await placeOrder(t, owner, cafeOrderBody(menu.latte, image))).json<Order>();
      const log = createLiveLog(t.app.ctx.db, () => new Date(), 'postgres');
      let reads = 0;
      const kept: { status: string; updated_at: string }[] = [];
      const read = async (db: Db, ids: readonly number[]) => {
        reads += 1;
        const found = await findOrders(db, ids);
        // The first read is of the order before a move committed meanwhile (as another process's).
        if (reads === 1)
          return new Map(
            [...found].map(([id, row]) => [id, { ...row, status: 'ordered', updated_at: '2000-01-01T00:00:00.000Z' }]),
          );
        return found;
      };
      const event = orderEvent(placed.id, {
        read,
        take: (found) => kept.push(found as { status: string; updated_at: string }),
      });
      const { first } = await log.record(FIRST_SITE_ID, [event]);
      expect(reads).toBe(2);
      expect(kept.at(-1)).toMatchObject({ status: 'ordered', updated_at: placed.updatedAt });
      // Numbered once, after the second read; kept with its number, which `missed` gives back.
      expect(await eventsOf(log, placed.id, first - 1)).toEqual([
        { event: 'orders', seq: first, payload: { id: placed.id, seq: first } },
      ]);
    } finally {
      await t.close();
    }
  });

  it('numbers an event without a read when the order is still as its write read it; reads again when it moved since', async () => {
    const { t, menu, image } = await createOrderingApp();
    try {
      const owner = await t.createUser();
      const placed = (await placeOrder(t, owner, cafeOrderBody(menu.latte, image))).json<Order>();
      const [row] = (await findOrders(t.app.ctx.db, [placed.id])).values();
      const log = createLiveLog(t.app.ctx.db, () => new Date(), 'postgres');
      let reads = 0;
      const kept: unknown[] = [];
      const read = async (db: Db, ids: readonly number[]) => {
        reads += 1;
        return findOrders(db, ids);
      };
      const event = (known: unknown) => orderEvent(placed.id, { read, known, take: (found) => kept.push(found) });
      // As the write read it: numbered at once, told as it was read.
      const { first } = await log.record(FIRST_SITE_ID, [event(row)]);
      expect(reads).toBe(0);
      expect(kept).toEqual([row]);
      expect((await eventsOf(log, placed.id, first - 1)).map((e) => e.seq)).toEqual([first]);

      // What the write read is older than the order now (another process moved it meanwhile):
      // read again, and told as it is.
      const older = { ...(row as object), status: 'scheduled', updated_at: '2000-01-01T00:00:00.000Z' };
      const { first: second } = await log.record(FIRST_SITE_ID, [event(older)]);
      expect(reads).toBe(1);
      expect(kept.at(-1)).toEqual(row);
      expect((await eventsOf(log, placed.id, first)).map((e) => e.seq)).toEqual([second]);
    } finally {
      await t.close();
    }
  });

  it('sends the relays asked for before it and its events with their numbers in the statement that numbers them; a retry sends the first ones once', async () => {
    const { t, menu, image } = await createOrderingApp();
    const listener = await t.database.pgPool!.connect();
    try {
      const owner = await t.createUser();
      const placed = (await placeOrder(t, owner, cafeOrderBody(menu.latte, image))).json<Order>();
      const [row] = (await findOrders(t.app.ctx.db, [placed.id])).values();
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query('LISTEN carried');
      const log = createLiveLog(t.app.ctx.db, () => new Date(), 'postgres');
      let statements = 0;
      let tooLarge = false;
      const carrier: RelayCarrier = {
        note: (_rooms, event, payload) =>
          tooLarge ? null : { channel: 'carried', text: JSON.stringify({ event, payload }) },
        // The first statement carries a relay asked for before it; the retry none.
        carry: (statement) => statement(statements++ === 0 ? [{ channel: 'carried', text: 'before' }] : []),
        local: () => undefined,
      };
      // What the write read is older than the order now: the first statement numbers nothing, the
      // second does, after reading it again.
      const older = { ...(row as object), status: 'scheduled', updated_at: '2000-01-01T00:00:00.000Z' };
      const event = orderEvent(placed.id, { read: findOrders, known: older, take: () => undefined });
      const { first, relayed } = await log.record(FIRST_SITE_ID, [event, event], carrier);
      expect(statements).toBe(2);
      expect(relayed).toBe(true);
      const expected = [
        'before',
        JSON.stringify({ event: 'orders', payload: { id: placed.id, seq: first } }),
        JSON.stringify({ event: 'orders', payload: { id: placed.id, seq: first + 1 } }),
      ];
      await until(() => heard.length >= expected.length, 'the notes heard');
      expect(heard).toEqual(expected);

      // An event that cannot be a note (too large for one) leaves the batch's notes out: the
      // events go as any other.
      tooLarge = true;
      const { relayed: again } = await log.record(
        FIRST_SITE_ID,
        [orderEvent(placed.id, { read: findOrders, known: row, take: () => undefined })],
        carrier,
      );
      expect(again).toBe(false);
      // A round trip of the listener after the statement: a note it sent would have come first.
      await listener.query('SELECT 1');
      expect(heard).toEqual(expected);
    } finally {
      listener.release();
      await t.close();
    }
  });
});
