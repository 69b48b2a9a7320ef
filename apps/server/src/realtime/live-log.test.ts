import type { HelloEvent } from '@cafe/shared';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, FIRST_SITE_ID } from '../test-support/test-app';
import { createLiveLog, greetSockets, type LoggedEvent } from './live-log';
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
      const first = await log.record(FIRST_SITE_ID, [event(1), event(2), event(1), event(3)]);
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
