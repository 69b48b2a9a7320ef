import { cafeClock, cafeDayOf, type ErrorBody, type PickupSettings, type PrepTimes } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

/**
 * GET /stats/prep-times and the site's preparation target (prepTargetMinutes of the pickup
 * settings): median, 90th percentile and drinks over the target, per drink, hour and barista, the
 * same on both engines.
 */
describe('preparation times against the target', () => {
  let t: TestApp;
  let admin: TestUser;
  let anna: TestUser;
  let boon: TestUser;
  let customer: TestUser;
  let latte = 0;
  let tea = 0;

  /** A served drink placed at `placedAt`, taken by `taker` and marked done by `maker` `seconds` later. */
  async function drink(menuId: number, placedAt: string, seconds: number, maker: TestUser, taker = maker) {
    const placed = new Date(placedAt);
    const taken = new Date(placed.getTime() + 30_000);
    const done = new Date(taken.getTime() + seconds * 1000);
    const db = t.app.ctx.db;
    const row = await db
      .insertInto('orders')
      .values({
        user_id: customer.id,
        menu_id: menuId,
        category_for: 'cafe',
        cafe_day: cafeDayOf(placed, t.config.cafeTimezone),
        cafe_hour: cafeClock(placed, t.config.cafeTimezone).hour,
        status: 'done',
        type: 'hot',
        sweetness: 50,
        remark: '-',
        tumbler_image: '/api/images/t.jpg',
        reject_note: '',
        order_date: placed.toISOString(),
        updated_at: done.toISOString(),
        taken_at: taken.toISOString(),
        done_at: done.toISOString(),
        wait_ms: 30_000,
        prep_ms: seconds * 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const moves: [string | null, 'ordered' | 'in-progress' | 'done', TestUser, Date][] = [
      [null, 'ordered', customer, placed],
      ['ordered', 'in-progress', taker, taken],
      ['in-progress', 'done', maker, done],
    ];
    for (const [from, to, by, at] of moves) {
      await db
        .insertInto('order_status_history')
        .values({
          order_id: row.id,
          from_status: from as 'ordered' | null,
          to_status: to,
          changed_by: by.id,
          note: null,
          changed_at: at.toISOString(),
        })
        .execute();
    }
  }

  async function item(name: string): Promise<number> {
    const now = t.clock.now().toISOString();
    const db = t.app.ctx.db;
    const category = await db
      .insertInto('categories')
      .values({
        name: `${name} drinks`,
        category_for: 'cafe',
        is_available: 'available',
        sort_order: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('menu_items')
      .values({
        category_id: category.id,
        name,
        description: '-',
        is_active: 'active',
        is_available: 'available',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const PERIOD = 'startDate=2026-03-02&endDate=2026-03-03';

  // Asia/Bangkok (UTC+7): 02:00Z is 09:00 at the cafe, 03:00Z 10:00.
  beforeAll(async () => {
    t = await createTestApp({ clockNow: '2026-03-02T08:00:00Z' });
    admin = await t.createUser({ role: 'admin' });
    anna = await t.createUser({ role: 'barista', name: 'Anna' });
    boon = await t.createUser({ role: 'barista', name: 'Boon' });
    customer = await t.createUser({ role: 'user' });
    latte = await item('Latte');
    tea = await item('Thai Tea');
    // Latte, five drinks at 09:xx: 60, 120, 180, 300, 600 s. Anna made three, Boon two (one Anna took).
    await drink(latte, '2026-03-02T02:00:00Z', 60, anna);
    await drink(latte, '2026-03-02T02:05:00Z', 120, anna);
    await drink(latte, '2026-03-02T02:10:00Z', 300, anna);
    await drink(latte, '2026-03-02T02:15:00Z', 180, boon, anna);
    await drink(latte, '2026-03-02T02:20:00Z', 600, boon);
    // Thai Tea, four drinks at 10:xx: 100, 200, 241, 400 s, all Boon's.
    await drink(tea, '2026-03-02T03:00:00Z', 100, boon);
    await drink(tea, '2026-03-02T03:05:00Z', 200, boon);
    await drink(tea, '2026-03-02T03:10:00Z', 241, boon);
    await drink(tea, '2026-03-02T03:15:00Z', 400, boon);
    // Exactly the target (240 s) is not over it; the day after is outside the period.
    await drink(tea, '2026-03-02T03:20:00Z', 240, anna);
    await drink(tea, '2026-03-03T03:00:00Z', 900, anna);
  });
  afterAll(() => t.close());

  const prepTimes = async (who: TestUser, query = PERIOD) => {
    const answer = await t.request('GET', `/api/stats/prep-times?${query}`, who);
    expect(answer.statusCode).toBe(200);
    return answer.json<PrepTimes>();
  };

  it('gives the median, the 90th percentile and the drinks over the 4-minute target, per drink and hour', async () => {
    const answer = await prepTimes(admin);
    expect(answer.targetMinutes).toBe(4);
    // All ten: 60 100 120 180 200 240 241 300 400 600: median (200+240)/2, p90 the 9th.
    expect(answer.all).toEqual({ samples: 10, medianSeconds: 220, p90Seconds: 400, overTarget: 4 });
    expect(answer.byDrink).toEqual([
      { menuId: latte, name: 'Latte', samples: 5, medianSeconds: 180, p90Seconds: 600, overTarget: 2 },
      { menuId: tea, name: 'Thai Tea', samples: 5, medianSeconds: 240, p90Seconds: 400, overTarget: 2 },
    ]);
    expect(answer.byHour).toEqual([
      { hour: 9, samples: 5, medianSeconds: 180, p90Seconds: 600, overTarget: 2 },
      { hour: 10, samples: 5, medianSeconds: 240, p90Seconds: 400, overTarget: 2 },
    ]);
  });

  it('counts each drink for the barista who marked it done; a barista sees only their own row', async () => {
    expect((await prepTimes(admin)).byBarista).toEqual([
      { userId: anna.id, name: 'Anna', samples: 4, medianSeconds: 180, p90Seconds: 300, overTarget: 1 },
      { userId: boon.id, name: 'Boon', samples: 6, medianSeconds: 221, p90Seconds: 600, overTarget: 3 },
    ]);
    expect((await prepTimes(anna)).byBarista).toEqual([
      { userId: anna.id, name: 'Anna', samples: 4, medianSeconds: 180, p90Seconds: 300, overTarget: 1 },
    ]);
  });

  it('counts over the target the site sets, and answers nulls for a period without drinks', async () => {
    const set = await t.request('PUT', '/api/sites/1/pickup', admin, { prepTargetMinutes: 5 });
    expect(set.statusCode).toBe(200);
    expect(set.json<PickupSettings>().prepTargetMinutes).toBe(5);
    const answer = await prepTimes(admin);
    expect(answer.targetMinutes).toBe(5);
    expect(answer.all.overTarget).toBe(2);
    expect((await t.request('GET', '/api/sites/1/pickup', anna)).json<PickupSettings>().prepTargetMinutes).toBe(5);
    expect((await prepTimes(admin, 'startDate=2026-03-05&endDate=2026-03-06')).all).toEqual({
      samples: 0,
      medianSeconds: null,
      p90Seconds: null,
      overTarget: 0,
    });
    await t.request('PUT', '/api/sites/1/pickup', admin, { prepTargetMinutes: 4 });
  });

  it('refuses a target out of bounds or not whole with a readable 400, keeping the one set', async () => {
    for (const [value, message] of [
      [0, 'prepTargetMinutes must be from 1 to 30'],
      [31, 'prepTargetMinutes must be from 1 to 30'],
      [2.5, 'prepTargetMinutes must be a whole number'],
      ['4', 'prepTargetMinutes must be a whole number'],
    ] as const) {
      const refused = await t.request('PUT', '/api/sites/1/pickup', admin, { prepTargetMinutes: value });
      expect(refused.statusCode, String(value)).toBe(400);
      expect(refused.json<ErrorBody>().message).toContain(message);
    }
    expect((await t.request('GET', '/api/sites/1/pickup', admin)).json<PickupSettings>().prepTargetMinutes).toBe(4);
  });

  it('is for staff only and checks the period', async () => {
    expect((await t.request('GET', `/api/stats/prep-times?${PERIOD}`, customer)).statusCode).toBe(403);
    const backwards = await t.request('GET', '/api/stats/prep-times?startDate=2026-03-03&endDate=2026-03-02', admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ErrorBody>().message).toContain('startDate must not be after endDate');
  });
});
