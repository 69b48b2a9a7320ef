import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { up } from '../db/migrations/036-chat-pace';
import { createPgDatabase } from '../test-support/test-app';
import { bucketName, databasePace, memoryPace, spacingOf, type Pace, type PaceBucket } from './pace';

/**
 * The pace of a chat platform's calls (lib/pace.ts): a bucket lets `burst` calls go at once, then
 * one every spacing; a 429 holds it. With PostgreSQL every process reserves from the same buckets,
 * so two processes together keep the pace one would (issue 64). Times are given, not read from a
 * clock: each reservation's start is exact.
 */
const NOW = 1_000_000;
const LANE: PaceBucket = { name: 'test:lane', limit: { perMinute: 60, burst: 3 } };
const WORKSPACE: PaceBucket = { name: 'test:workspace', limit: { perMinute: 600, burst: 20 } };
const every = spacingOf(LANE.limit);
/** The starts `count` calls of LANE get, all asked at NOW: three at once, then one every spacing. */
const paced = (count: number) => Array.from({ length: count }, (_, i) => NOW + Math.max(0, i - 2) * every);
/** A start as PostgreSQL's double precision gives it back. */
const near = (at: number): number => expect.closeTo(at, 6) as number;
const startsOf = async (waits: Promise<number>[]) => (await Promise.all(waits)).map((wait) => NOW + wait);

describe('the pace of one process (memory)', () => {
  it('lets the burst go at once, then one call every spacing, and waits out a hold', async () => {
    const pace = memoryPace();
    const starts: number[] = [];
    for (let i = 0; i < 6; i += 1) starts.push(NOW + (await pace.reserve([LANE], NOW)));
    expect(starts).toEqual(paced(6));
    await pace.hold([LANE], NOW + 60_000);
    expect(await pace.reserve([LANE], NOW)).toBe(60_000);
  });

  it('names a bucket of a conversation without its id', () => {
    const name = bucketName('slack:chat.postMessage', 'U0PERSON');
    expect(name).toMatch(/^slack:chat\.postMessage:[\w-]{22}$/);
    expect(name).not.toContain('U0PERSON');
    expect(bucketName('slack:chat.postMessage', 'U0PERSON')).toBe(name);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the pace of two processes on one PostgreSQL database', () => {
  let database: { url: string; drop: () => Promise<void> };
  let handles: DatabaseHandle[] = [];
  let a: Pace;
  let b: Pace;
  const errors: unknown[] = [];

  beforeAll(async () => {
    database = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '', 'cafe_pace');
    handles = [openDatabase({ databaseUrl: database.url }), openDatabase({ databaseUrl: database.url })];
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    await up('postgres')(first.db as never);
    a = databasePace(first.db, { onError: (error) => errors.push(error) });
    b = databasePace(second.db, { onError: (error) => errors.push(error) });
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await database?.drop();
  });

  it('keeps one pace for both: taking turns, and all at once', async () => {
    const turns: number[] = [];
    for (let i = 0; i < 6; i += 1) turns.push(NOW + (await (i % 2 === 0 ? a : b).reserve([LANE], NOW)));
    expect(turns).toEqual(paced(6).map(near));

    // Twenty at once, ten from each process: no two get the same start after the burst.
    const lane = { ...LANE, name: 'test:lane-at-once' };
    const waits = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).reserve([lane], NOW));
    const starts = (await startsOf(waits)).sort((x, y) => x - y);
    expect(starts).toEqual(paced(20).map(near));
    expect(errors).toEqual([]);
  });

  it('starts a call by the latest of its buckets, and counts its own bucket from that start', async () => {
    const lane = { ...LANE, name: 'test:lane-held' };
    // Another process's 429 on the workspace's posts: nothing starts before it ends.
    await a.hold([WORKSPACE], NOW + 5_000);
    // The lane's burst goes when the hold ends, and its pace counts from there (not from when it was asked).
    const waits = [b, a, b, a].map((pace) => pace.reserve([lane, WORKSPACE], NOW));
    const starts = (await startsOf(waits)).sort((x, y) => x - y);
    expect(starts).toEqual([0, 0, 0, every].map((after) => near(NOW + 5_000 + after)));
    expect(errors).toEqual([]);
  });

  it('paces the process alone, rather than not calling, when the database cannot be reached', async () => {
    const gone = openDatabase({ databaseUrl: database.url.replace(/\/\w+$/, '/cafe_pace_no_such_database') });
    const seen: unknown[] = [];
    const alone = databasePace(gone.db, { onError: (error) => seen.push(error) });
    try {
      const starts: number[] = [];
      for (let i = 0; i < 4; i += 1) starts.push(NOW + (await alone.reserve([LANE], NOW)));
      expect(starts).toEqual(paced(4));
      expect(seen.length).toBeGreaterThan(0);
    } finally {
      await gone.close();
    }
  });
});
