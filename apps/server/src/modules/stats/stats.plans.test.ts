import { SERVED_ORDER_STATUSES } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlans } from '../../test-support/query-plans';
import { createTestApp, type TestApp } from '../../test-support/test-app';
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
      await repo.countServed(db, range, SERVED_ORDER_STATUSES);
      await repo.popularMenu(db, range, SERVED_ORDER_STATUSES);
      await repo.servedByHour(db, range, SERVED_ORDER_STATUSES);
      await repo.servedOrderDatesWithoutHour(db, range, SERVED_ORDER_STATUSES);
      await repo.servedByDay(db, range, SERVED_ORDER_STATUSES);
    });
    expect(plans).toHaveLength(5);
    for (const plan of plans) expectPeriodBounded(plan);
    if (t.app.ctx.dialect === 'sqlite') {
      // Counting comes from the index alone.
      expect(plans[0]).toContain('COVERING INDEX');
      expect(plans[2]).toContain('COVERING INDEX');
    }
  });

  it('preparation time reads the times kept on the orders of the period, never the status history', async () => {
    const [plan = ''] = await queryPlans(t, (db) => repo.preparationTotals(db, range, SERVED_ORDER_STATUSES));
    expectPeriodBounded(plan);
    expect(plan).not.toMatch(/order_status_history/);
    // The times are in the index: SQLite reads nothing else.
    if (t.app.ctx.dialect === 'sqlite') expect(plan).toContain('COVERING INDEX orders_served_stats');
  });
});
