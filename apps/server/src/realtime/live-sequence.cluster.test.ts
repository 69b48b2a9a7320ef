import { LIVE_EVENT_SCHEMAS, type LiveMissed } from '@cafe/shared';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcesses } from '../test-support/processes';
import { FIRST_SITE_ID, connectClient, type LiveClient } from '../test-support/test-app';
import { until } from '../test-support/waits';

/**
 * Two server processes on one PostgreSQL database number a site's events from one counter: every
 * number once, none skipped, and each process sends its own in the order it numbered them.
 * PostgreSQL only (the vitest config includes this file when TEST_DATABASE_URL is set).
 */
describe("a site's live-event numbers with two server processes", () => {
  let apps: FastifyInstance[] = [];
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ apps, stop } = await startProcesses(2, 'cafe_live_seq'));
  });
  afterAll(async () => {
    await stop?.();
  });

  const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

  it('gives every event of a burst on both processes one number, dense, and each client sees each once', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const clients: LiveClient[] = [];
    const seen: { seq: number; from: number; index: number }[][] = [[], []];
    try {
      for (const [i, app] of [first, second].entries()) {
        const client = await connectClient(`http://127.0.0.1:${portOf(app)}`);
        clients.push(client);
        client.onAny((event: string, data: unknown) => {
          if (event !== 'menu') return;
          const payload = LIVE_EVENT_SCHEMAS.menu.parse(data);
          // The event's id says who sent it (process 1 or 2) and its place in that process's burst.
          seen[i]?.push({ seq: payload.seq ?? 0, from: Math.floor(payload.id / 1000), index: payload.id % 1000 });
        });
      }
      // Each process's clients must hear the other's relay: wait until a first event went across.
      const probe = (id: number) => second.ctx.events.menu({ kind: 'category', id }, FIRST_SITE_ID);
      for (let id = 1; !seen[0]?.some((e) => e.from === 0 && e.index === id - 1); id += 1) {
        probe(id);
        await second.ctx.events.settled();
        await new Promise((r) => setTimeout(r, 50));
      }
      const start = Math.max(...(seen[0] ?? []).map((e) => e.seq));
      for (const list of seen) list.length = 0;

      const burst = 150;
      for (let index = 0; index < burst; index += 1) {
        first.ctx.events.menu({ kind: 'menu', id: 1000 + index }, FIRST_SITE_ID);
        second.ctx.events.menu({ kind: 'menu', id: 2000 + index }, FIRST_SITE_ID);
      }
      await Promise.all([first.ctx.events.settled(), second.ctx.events.settled()]);
      const expected = Array.from({ length: 2 * burst }, (_, i) => start + i + 1);
      for (const [i, list] of seen.entries()) {
        await until(() => list.length >= 2 * burst, `every event at the client of process ${i + 1}`);
        // Every number once, none missing, on the clients of either process.
        expect(
          list.map((e) => e.seq).sort((a, b) => a - b),
          `client of process ${i + 1}`,
        ).toEqual(expected);
        // A process numbers its own events in the order they were asked for, and its own clients
        // get them in that order. (Relayed through the database, NOTIFYs sent on different
        // connections of the other process's pool may swap: clients order events by number.)
        for (const from of [1, 2]) {
          const own = list.filter((e) => e.from === from);
          const byNumber = [...own].sort((a, b) => a.seq - b.seq);
          expect(byNumber.map((e) => e.index)).toEqual(Array.from({ length: burst }, (_, k) => k));
          if (from === i + 1) expect(own).toEqual(byNumber);
        }
      }

      // Either process answers what was missed from the one log.
      for (const app of [first, second]) {
        const res = await app.inject({ url: `/api/live/missed?siteId=${FIRST_SITE_ID}&after=${start}` });
        const answer = res.json<LiveMissed>();
        expect(answer.seq).toBe(start + 2 * burst);
        expect(answer.events.map((e) => e.seq)).toEqual(expected);
      }
    } finally {
      for (const client of clients) client.disconnect();
    }
  });
});
