import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../test-support/waits';
import { openDatabase, POOL_KEPT, type DatabaseHandle } from './connection';

const DATABASE_URL = process.env.TEST_DATABASE_URL;

/**
 * The pool keeps its connections between bursts (docs/decisions/0126-connections-kept.md): each
 * one opened is a database process started, a wait of its own for the request that needs it.
 * With the idle time shortened here, a quiet moment leaves POOL_KEPT open, and the next burst of
 * as many opens none.
 */
describe.skipIf(!DATABASE_URL)('the PostgreSQL pool between bursts', () => {
  let handle: DatabaseHandle;
  let opened = 0;

  beforeAll(() => {
    handle = openDatabase({ databaseUrl: DATABASE_URL, pgTimeouts: { idleMs: 200 } });
    handle.pgPool!.on('connect', () => (opened += 1));
  });
  afterAll(async () => {
    await handle.close();
  });

  const burst = (n: number) =>
    Promise.all(Array.from({ length: n }, () => handle.pgPool!.query('select pg_sleep(0.05)')));

  it('keeps its kept connections through a quiet moment, and the next burst opens none', async () => {
    await burst(POOL_KEPT + 3);
    expect(opened).toBe(POOL_KEPT + 3);
    // Those above the kept ones close once idle; the kept ones stay.
    await until(
      () => handle.pgPool!.totalCount === POOL_KEPT,
      'the pool to close the connections above those it keeps',
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(handle.pgPool!.totalCount).toBe(POOL_KEPT);
    await burst(POOL_KEPT);
    expect(opened).toBe(POOL_KEPT + 3);
  });
});
