import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOCK_TOPIC } from '../../lib/clock';
import { insertPerson, insertTumblerPhoto, openCafeWithLatte, startProcesses } from '../../test-support/processes';
import { TestClock } from '../../test-support/test-app';
import { EVENT_WAIT_MS } from '../../test-support/waits';

const local = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`).toISOString();
const TUE = '2026-03-03';
const THU = '2026-03-05';

/**
 * A standing order with two server processes on one PostgreSQL database, each with its own timer:
 * the day is placed once, whichever process gets there first, and once again after both ran.
 * PostgreSQL only (vitest.config.ts).
 */
describe('standing orders with several server processes', () => {
  let apps: FastifyInstance[] = [];
  let stop: (() => Promise<void>) | undefined;
  const clock = new TestClock(local('2026-03-02', '12:00'));

  beforeAll(async () => {
    ({ apps, stop } = await startProcesses(2, 'cafe_standing', { clock }));
  });
  afterAll(async () => {
    await stop?.();
  });

  it('places a day once however many processes run it, by hand or by their timers', async () => {
    const [first] = apps as [FastifyInstance, FastifyInstance];
    const db = first.ctx.db;
    const at = clock.now().toISOString();
    const latte = await openCafeWithLatte(apps, at);
    const { id: userId } = await insertPerson(apps, { name: 'Ada', role: 'user' });
    const photo = await insertTumblerPhoto(apps, userId, at);
    for (const app of apps) app.ctx.bus.resync();
    const user = (await first.ctx.services.users.findActive(userId))!;
    // Ada's first order at the counter (its tumbler photo is the recent one), cancelled. The location
    // check is on: the standing order's placements need no position.
    const site = await db
      .selectFrom('sites')
      .select(['latitude', 'longitude'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const { order } = await first.ctx.services.ordering.place(
      user,
      {
        latitude: site.latitude,
        longitude: site.longitude,
        menu_id: latte,
        type: 'hot',
        sweetness: 50,
        tumblerImage: photo,
        siteId: 1,
      },
      'web',
    );
    await db.updateTable('orders').set({ status: 'cancel' }).where('id', '=', order.id).execute();
    await first.ctx.services.ordering.usual.setUsual(user, { menu_id: latte, type: 'hot', sweetness: 50 });
    const { standing } = await first.ctx.services.standing.create(user, { siteId: 1, weekdays: [2, 4], time: '09:30' });

    const scheduledOn = async (day: string) =>
      (
        await db
          .selectFrom('orders')
          .select('id')
          .where('user_id', '=', userId)
          .where('status', '=', 'scheduled')
          .where('cafe_day', '=', day)
          .execute()
      ).length;

    // Both processes run Tuesday's pass at the same instant.
    clock.set(local(TUE, '00:00'));
    const outcomes = await Promise.all(apps.map((app) => app.ctx.services.standing.runDue(clock.now())));
    expect(outcomes.map((o) => o.placed).sort()).toEqual([0, 1]);
    expect(await scheduledOn(TUE)).toBe(1);
    const again = await Promise.all(apps.map((app) => app.ctx.services.standing.runDue(clock.now())));
    expect(again.map((o) => o.placed)).toEqual([0, 0]);

    // Their timers, woken by the clock reaching Thursday.
    for (const app of apps) app.ctx.services.standing.start();
    clock.set(local(THU, '00:00'));
    for (const app of apps) app.ctx.bus.publish(CLOCK_TOPIC, null);
    await vi.waitFor(
      async () => {
        const run = await db
          .selectFrom('standing_order_runs')
          .select('outcome')
          .where('standing_order_id', '=', standing.id)
          .where('day', '=', THU)
          .executeTakeFirst();
        expect(run?.outcome).toBe('placed');
      },
      { timeout: EVENT_WAIT_MS, interval: 50 },
    );
    // Each timer runs once more on its own: still one order.
    await Promise.all(apps.map((app) => app.ctx.services.standing.runDue(clock.now())));
    expect(await scheduledOn(THU)).toBe(1);
  });
});
