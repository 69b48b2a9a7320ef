import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before a placement was one statement. */
const PREVIOUS_RELEASE = '034-slack-on-chat-tables';

/**
 * Migration 035 on a database the release before wrote: every row reads back as it was, and on
 * PostgreSQL the placement's guards count the orders of before (a picked and an in-progress drink
 * count toward the daily limit, a rejected one does not).
 */
describe('migration 035: the placement guards, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, []);
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps every row', async () => {
    await upgrade.expectRowsKept();
    expect((await rowsOf(upgrade.db(), 'orders')).length).toBeGreaterThan(0);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "counts the orders of before toward their owner's daily limit (PostgreSQL)",
    async () => {
      const orders = await rowsOf(upgrade.db(), 'orders');
      const mine = orders.filter((o) => o.user_id === upgrade.written.user);
      const day = String(mine[0]?.cafe_day);
      const { rows } = await sql<{ counted: string; found_id: number | null; found_fingerprint: string | null }>`
        select * from cafe_placement_guards(${upgrade.written.user}, ${day}, ${null}, ${['cancel', 'rejected']}::text[])`.execute(
        upgrade.db(),
      );
      const counted = mine.filter((o) => o.cafe_day === day && !['cancel', 'rejected'].includes(String(o.status)));
      expect(counted).toHaveLength(2);
      expect(rows.map((r) => ({ ...r, counted: Number(r.counted) }))).toEqual([
        { counted: 2, found_id: null, found_fingerprint: null },
      ]);
    },
  );
});
