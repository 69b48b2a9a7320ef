import { SERVED_ORDER_STATUSES } from '@cafe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenu } from '../../test-support/order-fixtures';
import { queryPlans } from '../../test-support/query-plans';
import { FIRST_SITE_ID, createTestApp, type TestApp } from '../../test-support/test-app';
import * as repo from './stats.repository';

/**
 * Every statistic reads only the orders of its period: the engine seeks an index to the period's
 * first cafe day and stops after its last, whatever the size of the table
 * (docs/decisions/0016-statistics-and-history.md has the plans on 100,000 orders).
 */
describe('statistics query plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const range = { startDate: '2026-03-02', endDate: '2026-03-09', categoryFor: 'cafe' as const };

  /** The plan reaches `orders` through an index bounded by the period's cafe days. */
  function expectPeriodBounded(plan: string) {
    if (t.app.ctx.dialect === 'sqlite') {
      // The index made for them, and nothing read from the table itself but for the rare orders without an hour.
      expect(plan).toMatch(
        /SEARCH orders USING (COVERING )?INDEX orders_served_stats \(status=\? AND cafe_day>\? AND cafe_day<\?\)/,
      );
      expect(plan).not.toMatch(/SCAN orders/);
    } else {
      expect(plan).toMatch(
        /Index (Only )?Scan using \w+ on orders[^\n]*\n\s*Index Cond: [^\n]*cafe_day\)::text >= [^\n]*cafe_day\)::text < /,
      );
      expect(plan).not.toMatch(/Seq Scan on orders/);
    }
  }

  it('count, ranking, hours and days seek the period in one index', async () => {
    const plans = await queryPlans(t, async (db) => {
      await repo.countServed(db, range);
      await repo.popularMenu(db, range);
      await repo.servedByHour(db, range);
      await repo.servedOrderDatesWithoutHour(db, range);
      await repo.servedByDay(db, range);
    });
    expect(plans).toHaveLength(5);
    for (const plan of plans) expectPeriodBounded(plan);
    if (t.app.ctx.dialect === 'sqlite') {
      // Counting comes from the index alone.
      expect(plans[0]).toContain('COVERING INDEX');
      expect(plans[2]).toContain('COVERING INDEX');
    }
  });

  it("one site's statistics seek the same period in the same index, the site read from it too", async () => {
    // The site is the index's last column: one site's rows are picked out of the period's entries,
    // never by a seek to the site's orders (orders_site_day_status) and a read of each row.
    const oneSite = { ...range, siteId: FIRST_SITE_ID };
    const plans = await queryPlans(t, async (db) => {
      await repo.countServed(db, oneSite);
      await repo.popularMenu(db, oneSite);
      await repo.servedByHour(db, oneSite);
      await repo.servedOrderDatesWithoutHour(db, oneSite);
      await repo.servedByDay(db, oneSite);
      await repo.preparationTotals(db, oneSite);
      await repo.timesByHour(db, oneSite);
    });
    expect(plans).toHaveLength(7);
    for (const plan of plans) expectPeriodBounded(plan);
    // On an empty table PostgreSQL prices every index alike; with rows it keeps to this one too
    // (the test of years of orders below).
    if (t.app.ctx.dialect === 'sqlite') {
      for (const plan of plans) expect(plan).not.toMatch(/orders_site_day_status/);
      for (const i of [0, 2, 4, 5, 6]) expect(plans[i]).toContain('COVERING INDEX orders_served_stats');
    }
  });

  it('the uncollected counts per site seek the period in the same index, for every site or one', async () => {
    const counted = ['uncollected', ...SERVED_ORDER_STATUSES] as const;
    const plans = await queryPlans(t, async (db) => {
      await repo.countBySiteAndStatus(db, range, counted);
      await repo.countBySiteAndStatus(db, { ...range, siteId: FIRST_SITE_ID }, counted);
    });
    expect(plans).toHaveLength(2);
    for (const plan of plans) expectPeriodBounded(plan);
    if (t.app.ctx.dialect === 'sqlite') {
      for (const plan of plans) expect(plan).toContain('COVERING INDEX orders_served_stats');
    }
  });

  it('preparation time reads the times kept on the orders of the period, never the status history', async () => {
    const [plan = ''] = await queryPlans(t, (db) => repo.preparationTotals(db, range));
    expectPeriodBounded(plan);
    expect(plan).not.toMatch(/order_status_history/);
    // The times are in the index: SQLite reads nothing else.
    if (t.app.ctx.dialect === 'sqlite') expect(plan).toContain('COVERING INDEX orders_served_stats');
  });

  it("one venue's orders by weekday over years of orders stay in the statistics index", async () => {
    // Three years of orders, analysed: SQLite's planner then likes orders_day_status (cafe_day,
    // status) for a GROUP BY cafe_day, and fetched every row from the table for its venue (the
    // all-time weekday count of 100,000 orders took 62 ms that way, 11 ms from the index).
    const db = t.app.ctx.db;
    const menu = await seedMenu(t);
    const user = await t.createUser();
    const statuses = ['done', 'picked', 'picked', 'rejected', 'cancel', 'ordered'] as const;
    const rows = Array.from({ length: 3000 }, (_, i) => {
      const day = new Date(Date.UTC(2023, 0, 1) + Math.floor((i / 3000) * 900) * 86_400_000).toISOString();
      return {
        user_id: user.id,
        menu_id: i % 2 ? menu.latte : menu.mojito,
        category_for: i % 2 ? ('cafe' as const) : ('bar' as const),
        cafe_day: day.slice(0, 10),
        cafe_hour: 9 + (i % 8),
        status: statuses[i % statuses.length] ?? 'done',
        remark: '-',
        tumbler_image: 'x',
        reject_note: '',
        order_date: day,
        updated_at: day,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('orders')
        .values(rows.slice(i, i + 500))
        .execute();
    await sql`analyze`.execute(db);

    const allTime = { startDate: '2000-01-01', endDate: '2100-01-01', categoryFor: 'cafe' as const };
    const [plan = ''] = await queryPlans(t, (reader) => repo.servedByDay(reader, allTime));
    if (t.app.ctx.dialect === 'sqlite') {
      expectPeriodBounded(plan);
      expect(plan).toContain('COVERING INDEX orders_served_stats');
    } else {
      // With this many rows PostgreSQL may take the index as a bitmap: still the period's rows only.
      expect(plan).toMatch(/Index (Only )?Scan on orders_served_stats|Index (Only )?Scan using orders_served_stats/);
      expect(plan).not.toMatch(/Seq Scan on orders/);
    }

    // One site's weekdays over the same years: the same index, the site read from it.
    const oneSite = { ...allTime, siteId: FIRST_SITE_ID };
    const [sitePlan = ''] = await queryPlans(t, (reader) => repo.servedByDay(reader, oneSite));
    expect(sitePlan).toMatch(/orders_served_stats/);
    expect(sitePlan).not.toMatch(/orders_site_day_status|Seq Scan on orders|SCAN orders/);
    if (t.app.ctx.dialect === 'sqlite') expect(sitePlan).toContain('COVERING INDEX orders_served_stats');

    // And the counts are right: every served cafe order, once.
    const byDay = await repo.servedByDay(db, allTime);
    const served = rows.filter((r) => r.category_for === 'cafe' && (r.status === 'done' || r.status === 'picked'));
    expect(byDay.reduce((sum, r) => sum + r.total, 0)).toBe(served.length);
    const bySiteDay = await repo.servedByDay(db, oneSite);
    expect(bySiteDay.reduce((sum, r) => sum + r.total, 0)).toBe(served.length);
    expect(await repo.servedByDay(db, { ...allTime, siteId: FIRST_SITE_ID + 1 })).toEqual([]);
  });
});
