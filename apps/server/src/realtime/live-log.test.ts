import type { HelloEvent } from '@cafe/shared';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { greetSockets } from './live-log';
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
