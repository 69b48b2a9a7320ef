import type { LiveMissed } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../../test-support/statements';
import { FIRST_SITE_ID, type TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** A release before the live events' numbers (its own number is not needed: every later migration runs). */
const PREVIOUS_RELEASE = '015-counter-day';
const NEW_TABLES = ['live_sequences', 'live_events'];

/**
 * Migration 018 on a database an earlier release wrote: nothing is lost, every site starts at
 * number 0, and the first event after the upgrade is number 1, which a client that connected
 * before it can ask for again.
 */
describe('migration 018: the live events, on a database written by an earlier release', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES);
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps the sites, orders and their history as they were, and starts with no numbers and no events', async () => {
    // Every table, the sites, orders and their history included; the new tables start empty.
    await upgrade.expectRowsKept();
  });

  it('numbers the first event after the upgrade 1, an order from before moving on', async () => {
    const barista = { authorization: `Bearer ${await t.app.ctx.tokens.sign(upgrade.written.barista, 'barista')}` };
    const before = await t.app.inject({ url: `/api/live/missed?siteId=${FIRST_SITE_ID}&after=0`, headers: barista });
    expect(before.json<LiveMissed>()).toEqual({ siteId: FIRST_SITE_ID, seq: 0, tooOld: false, events: [] });

    let answered = 0;
    // Until everything the move set going is done: its events, and the busy-mode check that
    // follows a change on the next turn and may number an event of its own.
    await statementsOf({ app: t.app, database: t.database }, async () => {
      const done = await t.app.inject({
        method: 'PATCH',
        url: `/api/order/barista/${upgrade.written.order}`,
        headers: barista,
        payload: { status: 'done' },
      });
      answered = done.statusCode;
    });
    expect(answered).toBe(200);

    const after = (
      await t.app.inject({ url: `/api/live/missed?siteId=${FIRST_SITE_ID}&after=0`, headers: barista })
    ).json<LiveMissed>();
    expect(after.tooOld).toBe(false);
    expect(after.events[0]).toMatchObject({
      event: 'orders',
      seq: 1,
      payload: { id: upgrade.written.order, status: 'done', from: 'in-progress', siteId: FIRST_SITE_ID, seq: 1 },
    });
    expect(after.events.map((e) => e.seq)).toEqual(Array.from({ length: after.seq }, (_, i) => i + 1));
    expect(await rowsOf(upgrade.db(), 'live_sequences')).toEqual([{ site_id: FIRST_SITE_ID, seq: after.seq }]);
  });
});
