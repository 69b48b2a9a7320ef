import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertPerson, startProcesses } from '../../test-support/processes';
import { EVENT_WAIT_MS } from '../../test-support/waits';

/**
 * The daily clean-up with two server processes on one PostgreSQL database: one of them runs it,
 * and the other forgets the photos it deleted (the photo check keeps names in memory).
 * PostgreSQL only (vitest.config.ts).
 */
describe('the clean-up with several server processes', () => {
  let apps: FastifyInstance[] = [];
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ apps, stop } = await startProcesses(2, 'cafe_retention'));
  });
  afterAll(async () => {
    await stop?.();
  });

  it('runs once a day across processes, and every process stops accepting a deleted photo', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const long = '2026-01-01T00:00:00.000Z';
    const { id: owner } = await insertPerson(apps, { name: 'Ada', role: 'user', at: long });
    const sha = randomBytes(32).toString('hex');
    const name = `${sha}.webp`;
    await first.ctx.db
      .insertInto('images')
      .values({
        name,
        sha256: sha,
        mime: 'image/webp',
        width: 1,
        height: 1,
        bytes: 3,
        data: Buffer.from('abc'),
        uploaded_by: owner,
        created_at: long,
      })
      .execute();
    // The second process has seen the photo: it remembers it.
    expect(await second.ctx.services.uploads.issuedImageUrl(`/api/images/${name}`)).toBe(`/api/images/${name}`);

    const now = new Date('2026-11-25T02:00:00.000Z');
    const outcomes = await Promise.all(apps.map((app) => app.ctx.services.retention.runDaily(now)));
    expect(outcomes.filter((o) => o !== null)).toEqual([{ photos: 1, notifications: 0, sessions: 0 }]);

    await vi.waitFor(
      async () => expect(await second.ctx.services.uploads.issuedImageUrl(`/api/images/${name}`)).toBeNull(),
      {
        timeout: EVENT_WAIT_MS,
        interval: 50,
      },
    );
  });
});
