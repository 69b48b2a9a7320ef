import type { AddressInfo } from 'node:net';
import type { DisplayLinkCreated } from '@cafe/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectScreen, disconnected, nextScreenEvent } from '../../test-support/display-fixtures';
import { insertPerson, startProcesses } from '../../test-support/processes';
import { FIRST_SITE_ID } from '../../test-support/test-app';

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
    // Give the adapter's LISTEN a moment to be in place on both sides.
    await new Promise((r) => setTimeout(r, 300));
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
