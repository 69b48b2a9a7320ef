import type { AddressInfo } from 'node:net';
import type { DisplayLinkCreated } from '@cafe/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectScreen, disconnected, nextScreenEvent } from '../../test-support/display-fixtures';
import { ORDERING_MORNING } from '../../test-support/order-fixtures';
import { insertPerson, openCafeWithLatte, startProcesses } from '../../test-support/processes';
import { FIRST_SITE_ID, TestClock } from '../../test-support/test-app';
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
  const clock = new TestClock(ORDERING_MORNING);

  beforeAll(async () => {
    ({ apps, stop } = await startProcesses(2, 'cafe_display', { clock }));
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
      await first.ctx.domainEvents.emit('orders.changed', { siteId: FIRST_SITE_ID, told: false });
      expect(await board).toMatchObject({ site: { id: FIRST_SITE_ID }, preparing: [], ready: [] });

      // A rush of changes at the site is told to the other process once per window, not once each:
      // at once for the first, once more when the window ends (the screens coalesce as much).
      const publish = vi.spyOn(first.ctx.bus, 'publish');
      const relayed = () => publish.mock.calls.filter(([topic]) => topic === 'pickup-board').length;
      const afterRush = nextScreenEvent(screen, 'pickup-board');
      const started = performance.now();
      for (let i = 0; i < 10; i += 1)
        await first.ctx.domainEvents.emit('orders.changed', { siteId: FIRST_SITE_ID, told: false });
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
  it("follows an order moved through one process on the other's screens from the row it was told, with no notice of its own", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const at = clock.now().toISOString();
    const latte = await openCafeWithLatte(apps, at);
    const barista = await insertPerson(apps, { name: 'Bea Screens', role: 'barista', at });
    const made = await first.inject({
      method: 'POST',
      url: `/api/sites/${FIRST_SITE_ID}/displays`,
      headers: adminAuth,
      payload: { label: 'Counter' },
    });
    expect(made.statusCode).toBe(201);
    const port = (second.server.address() as AddressInfo).port;
    const screen = await connectScreen(`http://127.0.0.1:${port}`, made.json<DisplayLinkCreated>().token);
    const publish = vi.spyOn(first.ctx.bus, 'publish');
    try {
      const walkUp = await first.inject({
        method: 'POST',
        url: '/api/order/walk-up',
        headers: barista.auth,
        payload: { menu_id: latte, type: 'hot', sweetness: 50, guestName: 'Cy Walk' },
      });
      expect(walkUp.statusCode, walkUp.body).toBe(201);
      const id = walkUp.json<{ id: number }>().id;
      // Started through the first process: the screen on the second shows it preparing.
      const preparing = new Promise<void>((resolve) => {
        screen.on('pickup-board', (board) => {
          if (board.preparing.some((ticket) => ticket.number === id)) resolve();
        });
      });
      const started = await first.inject({
        method: 'PATCH',
        url: `/api/order/barista/${id}`,
        headers: barista.auth,
        payload: { status: 'in-progress' },
      });
      expect(started.statusCode, started.body).toBe(200);
      await preparing;
      // The first process told the second the rows; it published no notice that the board changed.
      expect(publish.mock.calls.filter(([topic]) => topic === 'pickup-board')).toEqual([]);
    } finally {
      publish.mockRestore();
      screen.close();
    }
  });
});
