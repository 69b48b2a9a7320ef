import type { ErrorBody, Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunWorld, local, type RunWorld } from '../../test-support/run-fixtures';

/*
 * "Tumbler not here" only where there is a tumbler to look for (docs/api/counter.md,
 * docs/decisions/0099-no-hidden-orders.md): a coffee run's drink in the runner's tray and a walk-up
 * (with its own cup or not) are refused with 409 NO_TUMBLER, worded by the people catalogue, and
 * nothing changes; a drink in its owner's own tumbler is marked as before.
 */
describe('the tumbler mark, only on a drink with a tumbler', () => {
  let w: RunWorld;
  beforeAll(async () => {
    w = await createRunWorld();
  });
  afterAll(() => w.t.close());

  const mark = (id: number) => w.call('POST', `/api/order/barista/${id}/tumbler`, w.barista, { missing: true });

  it("refuses the mark on a runner's tray drink and a walk-up, and keeps it for a tumbler of the same run", async () => {
    w.t.clock.set(local('10:00'));
    const [runner, kim] = await Promise.all([w.t.createUser({ name: 'Kai' }), w.t.createUser({ name: 'Kim' })]);
    const run = await w.startRun(runner, { pickupAt: local('10:45'), closesAt: local('10:40') });
    const inTumbler = await w.joined(runner, run.id);
    const inTray = await w.joined(kim, run.id, { cup: 'tray', tumblerImage: undefined });
    expect((await w.call('POST', `/api/runs/${run.id}/close`, runner)).statusCode).toBe(200);
    const started = await w.call('PATCH', `/api/order/barista/run/${run.id}`, w.barista, { status: 'in-progress' });
    expect(started.statusCode, started.body).toBe(200);

    const walkUp = async (body: Record<string, unknown>) => {
      const res = await w.call('POST', '/api/order/walk-up', w.barista, {
        guestName: 'Visitor',
        menu_id: w.menu.latte,
        type: 'hot',
        sweetness: 50,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Order>();
    };
    const refused = [inTray, await walkUp({}), await walkUp({ ownCup: true })];
    for (const order of refused) {
      const res = await mark(order.id);
      expect(res.statusCode, res.body).toBe(409);
      const body = res.json<ErrorBody>();
      expect(body).toMatchObject({ code: 'NO_TUMBLER', messageId: 'people.refusal.noTumbler' });
      expect(body.message).toContain('has no tumbler to wait for');
      // Nothing was marked: no countdown, no cancel to come.
      const row = await w.t.app.ctx.db
        .selectFrom('orders')
        .select('tumbler_missing_at')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.tumbler_missing_at).toBeNull();
    }

    const marked = await mark(inTumbler.id);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<Order>().tumblerMissing).toBeDefined();
  });
});
