import { TUMBLER_NOT_FOUND_NOTE, type Order } from '@cafe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { NOW, rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before the fixed tumbler deadline. */
const PREVIOUS_RELEASE = '022-slack-app';
/** The order's tumbler was marked not here a minute before the upgrade, with the site's grace then 4 minutes. */
const MARKED_AT = new Date(NOW.getTime() - 60_000).toISOString();
const GRACE_SECONDS = 240;
const TOLD_DEADLINE = new Date(Date.parse(MARKED_AT) + GRACE_SECONDS * 1000).toISOString();

/**
 * Migration 023 on a database the release before wrote: an order whose tumbler was marked before
 * the upgrade keeps the deadline its owner was told (its site's grace as it was at the upgrade),
 * and a later change of the site's grace no longer moves it.
 */
describe('migration 023: the fixed tumbler deadline, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, [], {
      extra: async (db, written) => {
        await sql`update sites set tumbler_grace_seconds = ${GRACE_SECONDS} where id = 1`.execute(db);
        await sql`update orders set tumbler_missing_at = ${MARKED_AT} where id = ${written.order}`.execute(db);
        await sql`insert into order_status_history (order_id, from_status, to_status, changed_by, note, changed_at)
          values (${written.order}, 'in-progress', 'in-progress', ${written.barista}, 'tumbler-missing', ${MARKED_AT})`.execute(
          db,
        );
      },
    });
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  const headers = async (id: number, role: 'user' | 'barista') => ({
    authorization: `Bearer ${await t.app.ctx.tokens.sign(id, role)}`,
  });
  const read = async () => {
    const res = await t.app.inject({
      url: `/api/order/${upgrade.written.order}`,
      headers: await headers(upgrade.written.user, 'user'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Order>();
  };

  it('keeps every row; the marked order gets the grace in force at the upgrade, the others none', async () => {
    await upgrade.expectRowsKept();
    const orders = await rowsOf(upgrade.db(), 'orders');
    expect(orders.map((o) => [o.id, o.tumbler_grace_seconds])).toEqual(
      orders.map((o) => [o.id, o.id === upgrade.written.order ? GRACE_SECONDS : null]),
    );
  });

  it('answers the deadline the owner was told, and a later change of the grace does not move it', async () => {
    expect((await read()).tumblerMissing).toEqual({ since: MARKED_AT, deadline: TOLD_DEADLINE });
    const lowered = await t.app.inject({
      method: 'PUT',
      url: '/api/sites/1/pickup',
      headers: await headers(upgrade.written.barista, 'barista'),
      payload: { tumblerGraceMinutes: 1 },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((await read()).tumblerMissing).toEqual({ since: MARKED_AT, deadline: TOLD_DEADLINE });

    // A minute and more after the mark (the new grace) nothing happens; at the deadline told, the order goes.
    t.clock.freeze();
    t.clock.set(new Date(Date.parse(TOLD_DEADLINE) - 1000).toISOString());
    expect((await t.app.ctx.services.orders.counterDue(t.clock.now())).expired).toBe(0);
    expect((await read()).status).toBe('in-progress');
    t.clock.set(TOLD_DEADLINE);
    expect((await t.app.ctx.services.orders.counterDue(t.clock.now())).expired).toBe(1);
    expect(await read()).toMatchObject({ status: 'rejected', rejectNote: TUMBLER_NOT_FOUND_NOTE });
  });
});
