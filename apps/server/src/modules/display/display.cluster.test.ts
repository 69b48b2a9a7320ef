import type { AddressInfo } from 'node:net';
import type { DisplayLinkCreated } from '@cafe/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectScreen, disconnected, nextScreenEvent } from '../../test-support/display-fixtures';
import { insertPerson, startProcesses } from '../../test-support/processes';
import { FIRST_SITE_ID } from '../../test-support/test-app';
import { EVENT_WAIT_MS } from '../../test-support/waits';

/**
 * A screen connected to one server process hears the board of a change made through another, and
 * is cut off when its link is revoked through another. PostgreSQL only (the vitest config
 * includes this file when TEST_DATABASE_URL is set).
 */
describe('pickup screens across server processes', () => {
  let apps: FastifyInstance[] = [];
  let stop: (() => Promise<void>) | undefined;
  let adminAuth: { authorization: string };

  beforeAll(async () => {
    ({ apps, stop } = await startProcesses(2, 'cafe_display'));
    ({ auth: adminAuth } = await insertPerson(apps, { name: 'Display Admin', role: 'admin' }));
  });
  afterAll(async () => {
    await stop?.();
  });

  it("sends a change made through one process to the other's screens, and cuts them off when the link is revoked there", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const made = await first.inject({
      method: 'POST',
      url: `/api/sites/${FIRST_SITE_ID}/displays`,
      headers: adminAuth,
      payload: { label: 'Lobby' },
    });
    expect(made.statusCode).toBe(201);
    const link = made.json<DisplayLinkCreated>();
    const port = (second.server.address() as AddressInfo).port;
    const screen = await connectScreen(`http://127.0.0.1:${port}`, link.token);
    try {
      const board = nextScreenEvent(screen, 'pickup-board');
      await first.ctx.domainEvents.emit('orders.changed', { siteId: FIRST_SITE_ID });
      expect(await board).toMatchObject({ site: { id: FIRST_SITE_ID }, preparing: [], ready: [] });

      // A rush of changes at the site is told to the other process once per window, not once each:
      // at once for the first, once more when the window ends (the screens coalesce as much).
      const publish = vi.spyOn(first.ctx.bus, 'publish');
      const relayed = () => publish.mock.calls.filter(([topic]) => topic === 'pickup-board').length;
      const afterRush = nextScreenEvent(screen, 'pickup-board');
      const started = performance.now();
      for (let i = 0; i < 10; i += 1) await first.ctx.domainEvents.emit('orders.changed', { siteId: FIRST_SITE_ID });
      // However slowly a loaded machine runs the loop: one window for each 150 ms it took, plus the last.
      const windows = 1 + Math.floor((performance.now() - started) / 150);
      await vi.waitFor(() => expect(relayed()).toBeGreaterThanOrEqual(2), { timeout: EVENT_WAIT_MS });
      expect(await afterRush).toMatchObject({ site: { id: FIRST_SITE_ID } });
      expect(relayed()).toBeLessThanOrEqual(Math.min(10, windows + 1));
      publish.mockRestore();

      const told = nextScreenEvent(screen, 'display-revoked');
      const ended = disconnected(screen);
      const revoked = await first.inject({
        method: 'POST',
        url: `/api/sites/${FIRST_SITE_ID}/displays/${link.id}/revoke`,
        headers: adminAuth,
      });
      expect(revoked.statusCode).toBe(200);
      await told;
      expect(await ended).toBe('io server disconnect');
      expect((await second.inject({ method: 'GET', url: `/api/display/${link.token}` })).statusCode).toBe(404);
    } finally {
      screen.close();
    }
  });
});
