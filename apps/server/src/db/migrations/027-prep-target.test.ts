import type { PickupSettings, PrepTimes } from '@cafe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before the preparation target. */
const PREVIOUS_RELEASE = '025-one-door';

/**
 * Migration 027 on a database the release before wrote, whose site had counter settings of its
 * own: every row reads back as it was, the site's settings too, and the site has the default
 * 4-minute target.
 */
describe('migration 027: the preparation target, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, [], {
      extra: async (db) => {
        await sql`update sites set uncollected_after_seconds = 2700, slot_minutes = 20 where id = 1`.execute(db);
      },
    });
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps every row, and gives each site the 4-minute target', async () => {
    await upgrade.expectRowsKept();
    const sites = await rowsOf(upgrade.db(), 'sites');
    expect(sites.map((row) => Number(row.prep_target_seconds))).toEqual(sites.map(() => 240));
  });

  it("reads the site's counter settings back as they were, with the target", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const settings = (await t.request('GET', '/api/sites/1/pickup', admin)).json<PickupSettings>();
    expect(settings).toMatchObject({ slotMinutes: 20, uncollectedAfterMinutes: 45, prepTargetMinutes: 4 });
    const times = await t.request('GET', '/api/stats/prep-times?startDate=2026-11-01&endDate=2026-12-01', admin);
    expect(times.json<PrepTimes>().targetMinutes).toBe(4);
  });
});
