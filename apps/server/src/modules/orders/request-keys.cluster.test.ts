import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { migrateToLatest } from '../../db/migrate';
import { createPgDatabase, TestClock } from '../../test-support/test-app';
import { withRequestKey } from './request-keys';

const PG_URL = process.env.TEST_DATABASE_URL;
const ZONE = 'Asia/Bangkok';

/**
 * An Idempotency-Key across two server processes (issue 31): each with its own connection to one
 * database, as two processes behind a load balancer. A tap sent to one and retried on the other is
 * answered again there; sent to both at once, it is applied once.
 */
describe('request keys on two server processes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let a: DatabaseHandle;
  let b: DatabaseHandle;
  let userId: number;
  const clock = new TestClock('2026-11-18T03:00:00.000Z');

  beforeAll(async () => {
    let open: () => DatabaseHandle;
    if (PG_URL) {
      const { url, drop } = await createPgDatabase(PG_URL);
      cleanups.push(drop);
      open = () => openDatabase({ databaseUrl: url });
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'cafe-keys-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      open = () => openDatabase({ sqliteFile: path.join(dir, 'cafe.db') });
    }
    a = open();
    cleanups.unshift(() => a.close());
    await migrateToLatest(a.db, a.dialect, {
      cafeTimezone: ZONE,
      firstSite: { latitude: 13.7466, longitude: 100.5393, radiusKm: 1, timeZone: ZONE },
      withWritableSqliteSchema: a.withWritableSqliteSchema,
    });
    b = open();
    cleanups.unshift(() => b.close());
    const at = clock.now().toISOString();
    const row = await a.db
      .insertInto('users')
      .values({
        name: 'Bea',
        email: 'bea@example.com',
        password_hash: '!',
        role: 'barista',
        is_available: 'available',
        push_status: 'ACTIVE',
        home_site_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = row.id;
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  const move = (key: string) => ({ userId, key, route: 'barista-move' as const, orderId: 1, body: { status: 'done' } });

  it('answers on the second process what the first one answered, without applying it again', async () => {
    let applied = 0;
    const run = () => Promise.resolve({ id: 1, status: 'done', applied: ++applied });
    const first = await withRequestKey(a.db, clock, move('tap-1'), run);
    const retry = await withRequestKey(b.db, clock, move('tap-1'), run);
    expect(first).toEqual({ value: { id: 1, status: 'done', applied: 1 }, replayed: false });
    expect(retry).toEqual({ value: { id: 1, status: 'done', applied: 1 }, replayed: true });
    expect(applied).toBe(1);
  });

  it('applies a tap sent to both processes at once exactly once; both answer it', async () => {
    let applied = 0;
    const run = async () => {
      applied += 1;
      // The move takes a while: the other request arrives meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { id: 1, status: 'done' };
    };
    const answers = await Promise.all([
      withRequestKey(a.db, clock, move('tap-2'), run),
      withRequestKey(b.db, clock, move('tap-2'), run),
      withRequestKey(a.db, clock, move('tap-2'), run),
      withRequestKey(b.db, clock, move('tap-2'), run),
    ]);
    expect(applied).toBe(1);
    expect(answers.map((x) => x.value)).toEqual(Array(4).fill({ id: 1, status: 'done' }));
    expect(answers.filter((x) => !x.replayed)).toHaveLength(1);
  });
});
