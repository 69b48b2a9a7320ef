import { cafeClock, cafeDayOf, type BaristaHistoryPage, type ErrorBody, type OrderStatus } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenu, type SeededMenu } from '../../test-support/order-fixtures';
import { queryPlans } from '../../test-support/query-plans';
import { FIRST_SITE_ID, createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';
import { encodeHistoryCursor } from './barista-history';
import { countByDay, listHistoryPage } from './order-history.repository';

/** An order written straight into the table (placing is tested elsewhere), as placement records it. */
async function insertOrder(
  t: TestApp,
  fields: { userId: number; menuId: number; status: OrderStatus; orderDate: string },
): Promise<number> {
  const placed = new Date(fields.orderDate);
  const row = await t.app.ctx.db
    .insertInto('orders')
    .values({
      user_id: fields.userId,
      menu_id: fields.menuId,
      category_for: 'cafe',
      cafe_day: cafeDayOf(placed, t.config.cafeTimezone),
      cafe_hour: cafeClock(placed, t.config.cafeTimezone).hour,
      status: fields.status,
      type: 'hot',
      sweetness: 50,
      remark: '-',
      tumbler_image: '/api/images/t.webp',
      reject_note: fields.status === 'rejected' ? 'Machine Failure' : '',
      order_date: fields.orderDate,
      updated_at: fields.orderDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Seeded {
  id: number;
  status: OrderStatus;
  orderDate: string;
  day: string;
}

const FINISHED: OrderStatus[] = ['done', 'picked', 'cancel', 'rejected'];
const newestFirst = (a: Seeded, b: Seeded) =>
  a.orderDate < b.orderDate ? 1 : a.orderDate > b.orderDate ? -1 : b.id - a.id;

describe('GET /order/history/barista', () => {
  let t: TestApp;
  let barista: TestUser;
  let admin: TestUser;
  let customer: TestUser;
  let menu: SeededMenu;
  const seeded: Seeded[] = [];

  const read = async (query: string, who: TestUser = barista): Promise<BaristaHistoryPage> => {
    const res = await t.request('GET', `/api/order/history/barista${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BaristaHistoryPage>();
  };

  /** Every page of the history, following nextCursor from the first. */
  const readAll = async (limit: number): Promise<BaristaHistoryPage[]> => {
    const pages = [await read(`?limit=${limit}`)];
    for (let next = pages[0]?.nextCursor; next; next = pages.at(-1)?.nextCursor) {
      pages.push(await read(`?limit=${limit}&cursor=${next}`));
      expect(pages.length).toBeLessThan(100);
    }
    return pages;
  };

  // Asia/Bangkok (UTC+7). Four cafe days, several orders placed in the same millisecond (ties
  // broken by id), and waiting or in-progress orders that must never appear.
  beforeAll(async () => {
    t = await createTestApp({ clockNow: '2026-03-06T05:00:00Z' });
    barista = await t.createUser({ role: 'barista' });
    admin = await t.createUser({ role: 'admin' });
    customer = await t.createUser({ role: 'user' });
    menu = await seedMenu(t);
    const statuses: OrderStatus[] = ['done', 'picked', 'cancel', 'rejected', 'picked', 'ordered', 'in-progress'];
    let n = 0;
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']) {
      for (let i = 0; i < 9; i += 1) {
        // Two orders share each instant; the hours run 09:10-13:10 cafe time (02:10-06:10 UTC).
        const orderDate = `${day}T0${2 + Math.floor(i / 2)}:10:00.000Z`;
        const status = statuses[n % statuses.length] ?? 'done';
        n += 1;
        const id = await insertOrder(t, { userId: customer.id, menuId: menu.latte, status, orderDate });
        seeded.push({ id, status, orderDate, day: cafeDayOf(new Date(orderDate), t.config.cafeTimezone) });
      }
    }
  });
  afterAll(() => t.close());

  it('pages through every finished order exactly once, newest first, ties by the higher id', async () => {
    const pages = await readAll(7);
    const ids = pages.flatMap((p) => p.orders.map((o) => o.id));
    const expected = seeded.filter((o) => FINISHED.includes(o.status)).sort(newestFirst);
    expect(ids).toEqual(expected.map((o) => o.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.slice(0, -1).every((p) => p.orders.length === 7 && p.nextCursor !== null)).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    // Whole orders, as GET /order/{id} gives them.
    const first = pages[0]?.orders[0];
    expect(first).toMatchObject({
      menu: { name: 'Latte', category: { name: 'Coffee' } },
      user: { name: customer.name },
    });
  });

  it("gives each day's whole served count, also for a day split across pages", async () => {
    const servedPerDay = new Map<string, number>();
    for (const o of seeded) {
      if (o.status === 'done' || o.status === 'picked') servedPerDay.set(o.day, (servedPerDay.get(o.day) ?? 0) + 1);
    }
    const pages = await readAll(4);
    let split = 0;
    for (const page of pages) {
      const days = [...new Set(page.orders.map((o) => cafeDayOf(new Date(o.orderDate), t.config.cafeTimezone)))];
      expect(page.dayTotals.map((d) => d.day)).toEqual(days);
      for (const { day, totalOrder } of page.dayTotals) expect(totalOrder, day).toBe(servedPerDay.get(day) ?? 0);
    }
    // The test means something only if some day really is on two pages.
    const pagesOfDay = new Map<string, number>();
    for (const page of pages) for (const { day } of page.dayTotals) pagesOfDay.set(day, (pagesOfDay.get(day) ?? 0) + 1);
    for (const count of pagesOfDay.values()) if (count > 1) split += 1;
    expect(split).toBeGreaterThan(0);
  });

  it('keeps its place when orders finish while the barista reads', async () => {
    const first = await read('?limit=5');
    // A newer order finishes after the first page was read: it belongs above it, not below.
    const newer = await insertOrder(t, {
      userId: customer.id,
      menuId: menu.latte,
      status: 'done',
      orderDate: '2026-03-06T03:00:00.000Z',
    });
    const second = await read(`?limit=5&cursor=${first.nextCursor ?? ''}`);
    const shown = [...first.orders, ...second.orders].map((o) => o.id);
    expect(new Set(shown).size).toBe(10);
    expect(shown).not.toContain(newer);
    expect((await read('?limit=1')).orders[0]?.id).toBe(newer);
    await t.app.ctx.db.deleteFrom('orders').where('id', '=', newer).execute();
  });

  it('answers 50 a page by default, and an empty history as such', async () => {
    const page = await read('');
    expect(page.orders).toHaveLength(seeded.filter((o) => FINISHED.includes(o.status)).length);
    expect(page.nextCursor).toBeNull();

    const empty = await createTestApp();
    try {
      const someone = await empty.createUser({ role: 'barista' });
      const res = await empty.request('GET', '/api/order/history/barista', someone);
      expect(res.json()).toEqual({ orders: [], nextCursor: null, dayTotals: [] });
    } finally {
      await empty.close();
    }
  });

  it('refuses cursors it did not give and limits out of range with 400', async () => {
    const cases: [string, string][] = [
      ['cursor=x', 'cursor'],
      ['cursor=', 'cursor'],
      ['cursor=%00', 'cursor'],
      ['cursor=not%20base64', 'cursor'],
      [`cursor=${Buffer.from('2026-03-02T02:10:00.000Z').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('yesterday~5').toString('base64url')}`, 'cursor'],
      [`cursor=${encodeHistoryCursor({ orderDate: '2026-03-02T02:10:00.000Z', id: 0 })}`, 'cursor'],
      [`cursor=${Buffer.from('2026-03-02T02:10:00.000Z~2147483648').toString('base64url')}`, 'cursor'],
      [`cursor=${'A'.repeat(201)}`, 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=2.5', 'limit'],
      ['limit=ten', 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await t.request('GET', `/api/order/history/barista?${query}`, barista);
      expect(res.statusCode, query).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.code, query).toBe('VALIDATION');
      expect(body.message, query).toContain(field);
    }
    // A cursor of an order that no longer shows (or never did) is still a place in the list.
    const mid = await read(
      `?limit=100&cursor=${encodeHistoryCursor({ orderDate: '2026-03-04T00:00:00.000Z', id: 1 })}`,
    );
    expect(mid.orders.every((o) => o.orderDate < '2026-03-04T00:00:00.000Z')).toBe(true);
  });

  it('walks one index backwards from the cursor, without sorting the history', async () => {
    const [first = '', later = '', totals = ''] = await queryPlans(t, async (db) => {
      await listHistoryPage(db, FIRST_SITE_ID, ['ordered', 'in-progress'], null, 51);
      await listHistoryPage(
        db,
        FIRST_SITE_ID,
        ['ordered', 'in-progress'],
        { orderDate: '2026-03-04T02:10:00.000Z', id: 9 },
        51,
      );
      await countByDay(db, FIRST_SITE_ID, ['2026-03-03', '2026-03-04'], ['done', 'picked']);
    });
    if (t.app.ctx.dialect === 'sqlite') {
      expect(first).toMatch(/SCAN o USING INDEX orders_history_page/);
      expect(later).toMatch(/SEARCH o USING INDEX orders_history_page \(order_date<\?\)/);
      for (const plan of [first, later]) expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(totals).toMatch(/SEARCH orders USING COVERING INDEX \w+ \(/);
    } else {
      expect(first).toMatch(/Index Scan Backward using orders_history_page on orders o/);
      expect(later).toMatch(/Index Scan Backward using orders_history_page on orders o[^\n]*\n\s+Index Cond: \(ROW\(/);
      for (const plan of [first, later]) expect(plan).not.toMatch(/Sort/);
      expect(totals).not.toMatch(/Seq Scan/);
    }
  });

  it('is for baristas and admins', async () => {
    expect((await read('?limit=1', admin)).orders).toHaveLength(1);
    const asUser = await t.request('GET', '/api/order/history/barista', customer);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json<ErrorBody>().code).toBe('FORBIDDEN');
    const anonymous = await t.request('GET', '/api/order/history/barista');
    expect(anonymous.statusCode).toBe(401);
  });
});
