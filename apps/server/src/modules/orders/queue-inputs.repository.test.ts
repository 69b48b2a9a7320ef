import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { statementsOf } from '../../test-support/statements';
import { FIRST_SITE_ID, type TestApp, type TestUser } from '../../test-support/test-app';
import { readQueueInputs } from './queue-inputs.repository';

/**
 * A queue's wait inputs in one statement, on SQLite and PostgreSQL (TEST_DATABASE_URL): each part
 * asked for answers what the orders say, in its order (completions newest first, the past days'
 * oldest first, preparation times newest first), and a part not asked for is not read.
 */
describe('the queue inputs read', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  const DAY = '2026-11-18';
  const YESTERDAY = '2026-11-17';
  const key = { siteId: FIRST_SITE_ID, venue: 'cafe' as const, day: DAY };

  /** An order placed at `at` and, when told, taken and finished minutes later. */
  async function order(at: string, make: { doneAfterMin: number } | null, who: TestUser) {
    t.clock.set(at);
    const placed = await placeOrder(t, who, cafeOrderBody(menu.latte, image));
    expect(placed.statusCode, placed.body).toBe(201);
    const { id } = placed.json<{ id: number }>();
    if (!make) return id;
    expect((await baristaPatch(t, barista, id, { status: 'in-progress' })).statusCode).toBe(200);
    t.clock.set(new Date(new Date(at).getTime() + make.doneAfterMin * 60_000));
    expect((await baristaPatch(t, barista, id, { status: 'done' })).statusCode).toBe(200);
    return id;
  }

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp());
    // Stopped: every instant below is the one the orders keep.
    t.clock.freeze();
    barista = await t.createUser({ role: 'barista' });
    const people = await Promise.all([1, 2, 3, 4].map(() => t.createUser()));
    const [a, b, c, d] = people as [TestUser, TestUser, TestUser, TestUser];
    // Yesterday around ten: two drinks made.
    await order(`${YESTERDAY}T09:40:00+07:00`, { doneAfterMin: 3 }, a);
    await order(`${YESTERDAY}T10:05:00+07:00`, { doneAfterMin: 4 }, b);
    // Today: two made, one being made, one waiting.
    await order(`${DAY}T09:30:00+07:00`, { doneAfterMin: 2 }, a);
    await order(`${DAY}T09:40:00+07:00`, { doneAfterMin: 5 }, b);
    const making = await order(`${DAY}T09:50:00+07:00`, null, c);
    expect((await baristaPatch(t, barista, making, { status: 'in-progress' })).statusCode).toBe(200);
    await order(`${DAY}T09:55:00+07:00`, null, d);
    t.clock.set(`${DAY}T10:00:00+07:00`);
  });
  afterAll(() => t.close());

  it('reads the pace, the past days and the preparation times in one statement', async () => {
    const readAll = () =>
      readQueueInputs(t.app.ctx.db, t.app.ctx.dialect, key, {
        pace: { recentLimit: 10, workingSince: `${YESTERDAY}T00:00:00.000Z` },
        past: { from: `${YESTERDAY}T00:00:00.000Z`, to: '2026-11-17T17:00:00.000Z' },
        prep: { since: `${YESTERDAY}T00:00:00.000Z`, limit: 10 },
      });
    let read: Awaited<ReturnType<typeof readAll>> | undefined;
    const sent = await statementsOf({ app: t.app, database: t.database }, async () => {
      read = await readAll();
    });
    expect(sent).toHaveLength(1);
    expect(read?.pace?.completions).toEqual(['2026-11-18T02:45:00.000Z', '2026-11-18T02:32:00.000Z']);
    expect(read?.pace?.inProgress).toBe(1);
    expect(read?.pace?.facts?.map((f) => f.status).sort()).toEqual(['done', 'done', 'in-progress', 'ordered']);
    expect(read?.pace?.facts?.every((f) => f.menu_id === menu.latte)).toBe(true);
    expect(read?.past).toEqual(['2026-11-17T02:43:00.000Z', '2026-11-17T03:09:00.000Z']);
    expect(read?.prep?.map((p) => p.prep_ms)).toEqual([300_000, 120_000, 240_000, 180_000]);
    expect(read?.prep?.every((p) => p.menu_id === menu.latte)).toBe(true);
  });

  it('counts the drinks in progress without the line model, and reads only what is asked for', async () => {
    const paceOnly = await readQueueInputs(t.app.ctx.db, t.app.ctx.dialect, key, { pace: { recentLimit: 1 } });
    expect(paceOnly).toEqual({ pace: { inProgress: 1, completions: ['2026-11-18T02:45:00.000Z'] } });
    const pastOnly = await readQueueInputs(t.app.ctx.db, t.app.ctx.dialect, key, {
      past: { from: `${DAY}T00:00:00.000Z`, to: `${DAY}T01:00:00.000Z` },
    });
    expect(pastOnly).toEqual({ past: [] });
  });
});
