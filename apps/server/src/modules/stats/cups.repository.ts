import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { servedInRange, type StatsRange } from './stats.repository';

/**
 * A cup saved: an order served into its owner's own tumbler (`own_cup`, migration 032) and picked
 * up. Drinks cancelled, rejected, never collected, still waiting or finished but not picked up
 * saved nothing; each order is one row, so it counts once however often its photo was reused.
 */
const PICKED = ['picked'] as const;

/**
 * The period's cups saved, counted by the database per site, month of the site's calendar
 * (`YYYY-MM` of the order's cafe_day) and team of the order's owner as it is now: one query, one row
 * per group. A guest's walk-up order is stored as the barista's, so it counts under the barista's team.
 */
export async function cupsSavedGroups(
  db: Db,
  range: StatsRange,
): Promise<{ siteId: number; month: string; team: string | null; cups: number }[]> {
  const month = sql<string>`substr(${sql.ref('orders.cafe_day')}, 1, 7)`;
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .where(servedInRange(range, PICKED))
    .where('orders.own_cup', '=', 1)
    .select((eb) => ['orders.site_id', month.as('month'), 'users.team', eb.fn.countAll<number>().as('cups')])
    .groupBy(['orders.site_id', month, 'users.team'])
    .execute();
  return rows.map((r) => ({ siteId: Number(r.site_id), month: r.month, team: r.team ?? null, cups: Number(r.cups) }));
}

/**
 * One person's cups saved: all time, and those of the cafe days [monthStart, monthEnd). Their own
 * orders only: a guest's walk-up drink a barista entered is stored as the barista's, not theirs.
 */
export async function personalCupsSaved(
  db: Db,
  userId: number,
  month: { start: string; end: string },
): Promise<{ allTime: number; thisMonth: number }> {
  const row = await db
    .selectFrom('orders')
    .where('orders.user_id', '=', userId)
    .where('orders.status', '=', 'picked')
    .where('orders.own_cup', '=', 1)
    .where('orders.guest_name', 'is', null)
    .select((eb) => [
      eb.fn.countAll<number>().as('all_time'),
      eb.fn
        .sum<number | null>(
          eb
            .case()
            .when(eb.and([eb('orders.cafe_day', '>=', month.start), eb('orders.cafe_day', '<', month.end)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('this_month'),
    ])
    .executeTakeFirst();
  return { allTime: Number(row?.all_time ?? 0), thisMonth: Number(row?.this_month ?? 0) };
}
