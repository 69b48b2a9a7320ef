import {
  cafeClock,
  cafeDayOf,
  periodRange,
  type ErrorBody,
  type OrdersByHourRow,
  type OrdersByWeekdayRow,
  type OrderStatus,
  type PopularMenuRow,
  type PreparationTime,
  type TimesByHourRow,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../../test-support/image-fixtures';
import { baristaPatch, cafeOrderBody, createOrderingApp, placeOrder } from '../../test-support/order-fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

/**
 * Seeds menus, orders and their status history straight into the tables (the ordering module is
 * tested on its own), the way it records them: cafe_day and cafe_hour are the order's day and hour
 * in the cafe zone and category_for the venue at ordering time.
 */
function seeder(t: TestApp, customer: TestUser) {
  return {
    async category(name: string, categoryFor: 'cafe' | 'bar') {
      const now = t.clock.now().toISOString();
      const row = await t.app.ctx.db
        .insertInto('categories')
        .values({
          name,
          category_for: categoryFor,
          is_available: 'available',
          sort_order: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, categoryFor };
    },
    async item(category: { id: number; categoryFor: 'cafe' | 'bar' }, name: string) {
      const now = t.clock.now().toISOString();
      const row = await t.app.ctx.db
        .insertInto('menu_items')
        .values({
          category_id: category.id,
          name,
          description: '-',
          is_active: 'active',
          is_available: 'available',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, categoryFor: category.categoryFor };
    },
    /** An order placed at `orderDate`; `history` lists [status, seconds after placing]. */
    async order(
      item: { id: number; categoryFor: 'cafe' | 'bar' },
      status: OrderStatus,
      orderDate: string,
      history: [OrderStatus, number][] = [],
    ) {
      const placed = new Date(orderDate);
      const row = await t.app.ctx.db
        .insertInto('orders')
        .values({
          user_id: customer.id,
          menu_id: item.id,
          category_for: item.categoryFor,
          cafe_day: cafeDayOf(placed, t.config.cafeTimezone),
          cafe_hour: cafeClock(placed, t.config.cafeTimezone).hour,
          status,
          type: item.categoryFor === 'cafe' ? 'cold' : null,
          sweetness: item.categoryFor === 'cafe' ? 50 : null,
          remark: '-',
          tumbler_image: item.categoryFor === 'cafe' ? '/api/images/t.jpg' : '-',
          reject_note: status === 'rejected' ? 'Machine Failure' : '',
          order_date: placed.toISOString(),
          updated_at: placed.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let from: OrderStatus = 'ordered';
      const changes = [['ordered', 0] as [OrderStatus, number], ...history];
      for (const [to, seconds] of changes) {
        await t.app.ctx.db
          .insertInto('order_status_history')
          .values({
            order_id: row.id,
            from_status: to === 'ordered' ? null : from,
            to_status: to,
            changed_by: customer.id,
            note: null,
            changed_at: new Date(placed.getTime() + seconds * 1000).toISOString(),
          })
          .execute();
        from = to;
      }
      // The times the transitions keep on the order, as they would have written them.
      const at = (status: OrderStatus) => {
        const seconds = history.find(([to]) => to === status)?.[1];
        return seconds === undefined ? null : new Date(placed.getTime() + seconds * 1000).toISOString();
      };
      const takenAt = at('in-progress');
      const doneAt = at('done');
      const between = (from: string | null, to: string | null) =>
        from && to && to >= from ? Date.parse(to) - Date.parse(from) : null;
      await t.app.ctx.db
        .updateTable('orders')
        .set({
          taken_at: takenAt,
          done_at: doneAt,
          wait_ms: between(placed.toISOString(), takenAt),
          prep_ms: between(takenAt, doneAt),
        })
        .where('id', '=', row.id)
        .execute();
      return row.id;
    },
  };
}

describe('statistics', () => {
  let t: TestApp;
  let barista: TestUser;
  let admin: TestUser;
  let user: TestUser;

  // Asia/Bangkok is UTC+7, no daylight saving. 2026-03-01 is a Sunday, 2026-03-02 a Monday.
  beforeAll(async () => {
    t = await createTestApp({ clockNow: '2026-03-04T05:00:00Z' });
    barista = await t.createUser({ role: 'barista' });
    admin = await t.createUser({ role: 'admin' });
    user = await t.createUser({ role: 'user' });
    const seed = seeder(t, user);

    const coffee = await seed.category('Coffee', 'cafe');
    const tea = await seed.category('Tea', 'cafe');
    const cocktails = await seed.category('Cocktails', 'bar');
    const latte = await seed.item(coffee, 'Latte');
    const mocha = await seed.item(coffee, 'Mocha');
    const thaiTea = await seed.item(tea, 'Thai Tea');
    const mojito = await seed.item(cocktails, 'Mojito');

    // February's last minute, cafe time (Sat 23:59): February, week of Mon 23 Feb.
    await seed.order(latte, 'done', '2026-02-28T16:59:00Z', [
      ['in-progress', 30],
      ['done', 90],
    ]);
    // Sun 1 Mar 00:00 cafe time: March, but still the week of Mon 23 Feb.
    await seed.order(latte, 'picked', '2026-02-28T17:00:00Z', [
      ['in-progress', 60],
      ['done', 120],
      ['picked', 600],
    ]);
    // 17:30 UTC on 1 Mar is 00:30 on Mon 2 Mar, cafe time.
    await seed.order(mocha, 'done', '2026-03-01T17:30:00Z', [
      ['in-progress', 60],
      ['done', 180],
    ]);
    await seed.order(mocha, 'picked', '2026-03-02T02:15:00Z', [
      ['in-progress', 30],
      ['done', 330],
      ['picked', 400],
    ]);
    await seed.order(thaiTea, 'done', '2026-03-02T03:10:00Z', [
      ['in-progress', 10],
      ['done', 190],
    ]);
    // Not served: never counted.
    await seed.order(latte, 'cancel', '2026-03-02T03:20:00Z', [['cancel', 20]]);
    await seed.order(latte, 'rejected', '2026-03-02T03:30:00Z', [
      ['in-progress', 10],
      ['rejected', 50],
    ]);
    await seed.order(latte, 'ordered', '2026-03-02T03:40:00Z');
    await seed.order(latte, 'in-progress', '2026-03-02T03:50:00Z', [['in-progress', 10]]);
    // Tue 3 Mar 11:00.
    await seed.order(thaiTea, 'picked', '2026-03-03T04:00:00Z', [
      ['in-progress', 5],
      ['done', 65],
    ]);
    // The bar on Fri 6 Mar, 15:30 and 16:00.
    await seed.order(mojito, 'done', '2026-03-06T08:30:00Z', [
      ['in-progress', 0],
      ['done', 60],
    ]);
    await seed.order(mojito, 'picked', '2026-03-06T09:00:00Z', [
      ['in-progress', 0],
      ['done', 120],
      ['picked', 130],
    ]);
    // Mon 9 Mar 09:00: the next week.
    await seed.order(thaiTea, 'done', '2026-03-09T02:00:00Z');
    // Tue 31 Mar 23:59:59 is March; one second later is April.
    await seed.order(latte, 'done', '2026-03-31T16:59:59Z');
    await seed.order(latte, 'done', '2026-03-31T17:00:00Z');

    // Deleting an item or a category never takes its past orders out of the statistics.
    await t.app.ctx.db
      .updateTable('menu_items')
      .set({ is_available: 'unavailable' })
      .where('id', '=', mocha.id)
      .execute();
    await t.app.ctx.db
      .updateTable('categories')
      .set({ is_available: 'unavailable' })
      .where('id', '=', tea.id)
      .execute();
  });
  afterAll(() => t.close());

  async function get<T>(url: string, who: TestUser = barista): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  }

  const total = async (startDate: string, endDate: string, categoryFor: 'cafe' | 'bar') =>
    (
      await get<{ totalOrder: number }>(
        `/api/order/count/total?startDate=${startDate}&endDate=${endDate}&categoryFor=${categoryFor}`,
      )
    ).totalOrder;

  describe('GET /order/count/total', () => {
    it('counts served cafe orders by cafe day: today', async () => {
      // The clock says Wed 4 Mar 12:00 cafe time; "today" for the Monday is 2 Mar.
      expect(cafeDayOf(new Date('2026-03-01T17:30:00Z'), t.config.cafeTimezone)).toBe('2026-03-02');
      const monday = periodRange('today', '2026-03-02');
      expect(await total(monday.startDate, monday.endDate, 'cafe')).toBe(3);
      expect(await total(monday.startDate, monday.endDate, 'bar')).toBe(0);
      const today = periodRange('today', cafeDayOf(t.clock.now(), t.config.cafeTimezone));
      expect(today).toEqual({ startDate: '2026-03-04', endDate: '2026-03-05' });
      expect(await total(today.startDate, today.endDate, 'cafe')).toBe(0);
    });

    it('counts a week from Monday to Monday', async () => {
      const week = periodRange('week', '2026-03-04');
      expect(week).toEqual({ startDate: '2026-03-02', endDate: '2026-03-09' });
      expect(await total(week.startDate, week.endDate, 'cafe')).toBe(4);
      expect(await total(week.startDate, week.endDate, 'bar')).toBe(2);
      // Saturday 23:59 and Sunday 00:00 belong to the week before.
      const before = periodRange('week', '2026-03-01');
      expect(before).toEqual({ startDate: '2026-02-23', endDate: '2026-03-02' });
      expect(await total(before.startDate, before.endDate, 'cafe')).toBe(2);
    });

    it('counts a month by its cafe days', async () => {
      const march = periodRange('month', '2026-03-15');
      expect(march).toEqual({ startDate: '2026-03-01', endDate: '2026-04-01' });
      expect(await total(march.startDate, march.endDate, 'cafe')).toBe(7);
      expect(await total(march.startDate, march.endDate, 'bar')).toBe(2);
      expect(await total('2026-02-01', '2026-03-01', 'cafe')).toBe(1);
      expect(await total('2026-04-01', '2026-05-01', 'cafe')).toBe(1);
      expect(await total('2026-03-02', '2026-03-02', 'cafe')).toBe(0);
    });

    it('needs categoryFor and valid dates in order', async () => {
      const cases: [string, string][] = [
        ['startDate=2026-03-01&endDate=2026-04-01', 'categoryFor'],
        ['startDate=2026-02-30&endDate=2026-04-01&categoryFor=cafe', 'startDate'],
        ['startDate=2026-03-01&endDate=04/01/2026&categoryFor=cafe', 'endDate'],
        ['endDate=2026-04-01&categoryFor=cafe', 'startDate'],
        ['startDate=2026-03-01&endDate=2026-04-01&categoryFor=kitchen', 'categoryFor'],
        ['startDate=2026-04-01&endDate=2026-03-01&categoryFor=cafe', 'startDate must not be after endDate'],
      ];
      for (const [query, mention] of cases) {
        const res = await t.request('GET', `/api/order/count/total?${query}`, barista);
        expect(res.statusCode, query).toBe(400);
        const body = res.json<ErrorBody>();
        expect(body.code).toBe('VALIDATION');
        expect(body.message, query).toContain(mention);
      }
    });
  });

  describe('GET /order/find/popular-menu', () => {
    it('ranks served orders per item, most first, ties by name, deleted items included', async () => {
      const rows = await get<PopularMenuRow[]>(
        '/api/order/find/popular-menu?startDate=2026-03-01&endDate=2026-04-01&categoryFor=cafe',
      );
      expect(rows).toEqual([
        { Menu_name: 'Thai Tea', categoryName: 'Tea', categoryFor: 'cafe', totalOrder: 3 },
        { Menu_name: 'Latte', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 2 },
        { Menu_name: 'Mocha', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 2 },
      ]);
      // The ranking adds up to the total of the same period.
      expect(rows.reduce((sum, r) => sum + r.totalOrder, 0)).toBe(7);
    });

    it('covers both venues without categoryFor', async () => {
      const rows = await get<PopularMenuRow[]>('/api/order/find/popular-menu?startDate=2026-03-02&endDate=2026-03-09');
      expect(rows).toEqual([
        { Menu_name: 'Mocha', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 2 },
        { Menu_name: 'Mojito', categoryName: 'Cocktails', categoryFor: 'bar', totalOrder: 2 },
        { Menu_name: 'Thai Tea', categoryName: 'Tea', categoryFor: 'cafe', totalOrder: 2 },
      ]);
      const bar = await get<PopularMenuRow[]>(
        '/api/order/find/popular-menu?startDate=2026-03-02&endDate=2026-03-09&categoryFor=bar',
      );
      expect(bar.map((r) => r.Menu_name)).toEqual(['Mojito']);
      expect(
        await get<PopularMenuRow[]>('/api/order/find/popular-menu?startDate=2026-05-01&endDate=2026-06-01'),
      ).toEqual([]);
    });

    it('refuses startDate after endDate', async () => {
      const res = await t.request('GET', '/api/order/find/popular-menu?startDate=2026-03-09&endDate=2026-03-02', admin);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toContain('startDate');
    });
  });

  describe('chart statistics', () => {
    it('counts served orders per hour of the cafe clock, all 24 hours', async () => {
      const rows = await get<OrdersByHourRow[]>(
        '/api/stats/orders-by-hour?startDate=2026-03-01&endDate=2026-04-01&categoryFor=cafe',
      );
      expect(rows.map((r) => r.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
      const busy = Object.fromEntries(rows.filter((r) => r.totalOrder > 0).map((r) => [r.hour, r.totalOrder]));
      expect(busy).toEqual({ 0: 2, 9: 2, 10: 1, 11: 1, 23: 1 });
      const bar = await get<OrdersByHourRow[]>(
        '/api/stats/orders-by-hour?startDate=2026-03-01&endDate=2026-04-01&categoryFor=bar',
      );
      expect(Object.fromEntries(bar.filter((r) => r.totalOrder > 0).map((r) => [r.hour, r.totalOrder]))).toEqual({
        15: 1,
        16: 1,
      });
    });

    it('counts served orders per weekday of the cafe calendar, Sunday first', async () => {
      const rows = await get<OrdersByWeekdayRow[]>(
        '/api/stats/orders-by-weekday?startDate=2026-03-01&endDate=2026-04-01',
      );
      expect(rows).toEqual([
        { weekday: 0, totalOrder: 1 },
        { weekday: 1, totalOrder: 4 },
        { weekday: 2, totalOrder: 2 },
        { weekday: 3, totalOrder: 0 },
        { weekday: 4, totalOrder: 0 },
        { weekday: 5, totalOrder: 2 },
        { weekday: 6, totalOrder: 0 },
      ]);
    });

    it('averages the wait and the preparation by the hour the orders were placed', async () => {
      const rows = await get<TimesByHourRow[]>('/api/stats/times-by-hour?startDate=2026-03-02&endDate=2026-03-03');
      expect(rows).toHaveLength(24);
      expect(rows.filter((r) => r.samples > 0)).toEqual([
        { hour: 0, averageWaitSeconds: 60, averagePrepSeconds: 120, samples: 1 },
        { hour: 9, averageWaitSeconds: 30, averagePrepSeconds: 300, samples: 1 },
        { hour: 10, averageWaitSeconds: 10, averagePrepSeconds: 180, samples: 1 },
      ]);
      expect(rows[12]).toEqual({ hour: 12, averageWaitSeconds: null, averagePrepSeconds: null, samples: 0 });
    });

    it('averages the time from in-progress to done', async () => {
      // Monday: 120 s, 300 s, 180 s; the rejected and the unfinished order have no "done".
      expect(await get<PreparationTime>('/api/stats/preparation-time?startDate=2026-03-02&endDate=2026-03-03')).toEqual(
        {
          averageSeconds: 200,
          samples: 3,
        },
      );
      expect(
        await get<PreparationTime>(
          '/api/stats/preparation-time?startDate=2026-03-02&endDate=2026-03-09&categoryFor=bar',
        ),
      ).toEqual({
        averageSeconds: 90,
        samples: 2,
      });
      expect(await get<PreparationTime>('/api/stats/preparation-time?startDate=2026-05-01&endDate=2026-06-01')).toEqual(
        {
          averageSeconds: null,
          samples: 0,
        },
      );
    });

    it('checks dates like the other statistics', async () => {
      for (const path of ['orders-by-hour', 'orders-by-weekday', 'preparation-time']) {
        const bad = await t.request('GET', `/api/stats/${path}?startDate=2026-13-01&endDate=2026-04-01`, barista);
        expect(bad.statusCode).toBe(400);
        const reversed = await t.request('GET', `/api/stats/${path}?startDate=2026-04-02&endDate=2026-04-01`, barista);
        expect(reversed.statusCode).toBe(400);
        expect(reversed.json<ErrorBody>().code).toBe('VALIDATION');
      }
    });
  });

  describe('roles', () => {
    const urls = [
      '/api/order/count/total?startDate=2026-03-01&endDate=2026-04-01&categoryFor=cafe',
      '/api/order/find/popular-menu?startDate=2026-03-01&endDate=2026-04-01',
      '/api/stats/orders-by-hour?startDate=2026-03-01&endDate=2026-04-01',
      '/api/stats/orders-by-weekday?startDate=2026-03-01&endDate=2026-04-01',
      '/api/stats/preparation-time?startDate=2026-03-01&endDate=2026-04-01',
    ];

    it('lets baristas and admins read, not users, and not without a token', async () => {
      for (const url of urls) {
        expect((await t.app.inject({ method: 'GET', url, headers: barista.auth })).statusCode, url).toBe(200);
        expect((await t.app.inject({ method: 'GET', url, headers: admin.auth })).statusCode, url).toBe(200);
        const asUser = await t.app.inject({ method: 'GET', url, headers: user.auth });
        expect(asUser.statusCode, url).toBe(403);
        expect(asUser.json<ErrorBody>().code).toBe('FORBIDDEN');
        const anonymous = await t.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
      }
    });

    it('documents every statistics route in OpenAPI with bearer security', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<
          string,
          Record<string, { tags?: string[]; security?: unknown[]; parameters?: { name: string }[] }>
        >;
      }>();
      for (const path of [
        '/api/order/count/total',
        '/api/order/find/popular-menu',
        '/api/stats/orders-by-hour',
        '/api/stats/orders-by-weekday',
        '/api/stats/preparation-time',
      ]) {
        const op = doc.paths[path]?.get;
        expect(op, path).toBeDefined();
        expect(op?.tags).toEqual(['stats']);
        expect(op?.security).toEqual([{ bearerAuth: [] }]);
        expect(op?.parameters?.map((p) => p.name)).toEqual(
          expect.arrayContaining(['startDate', 'endDate', 'categoryFor']),
        );
      }
    });
  });
});

describe('statistics in another cafe time zone', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('reads hours and days in the configured zone', async () => {
    t = await createTestApp({ env: { CAFE_TIMEZONE: 'Europe/London' } });
    const barista = await t.createUser({ role: 'barista' });
    const seed = seeder(t, barista);
    const latte = await seed.item(await seed.category('Coffee', 'cafe'), 'Latte');
    // 23:30 UTC on Sun 1 Mar is still Sunday in London (GMT), but Monday in Bangkok.
    await seed.order(latte, 'done', '2026-03-01T23:30:00Z');
    const auth = { headers: barista.auth };
    const hours = (
      await t.app.inject({
        method: 'GET',
        url: '/api/stats/orders-by-hour?startDate=2026-03-01&endDate=2026-03-02',
        ...auth,
      })
    ).json<OrdersByHourRow[]>();
    expect(hours.find((r) => r.totalOrder > 0)).toEqual({ hour: 23, totalOrder: 1 });
    const days = (
      await t.app.inject({
        method: 'GET',
        url: '/api/stats/orders-by-weekday?startDate=2026-03-01&endDate=2026-03-02',
        ...auth,
      })
    ).json<OrdersByWeekdayRow[]>();
    expect(days.find((r) => r.totalOrder > 0)).toEqual({ weekday: 0, totalOrder: 1 });
  });
});

describe('statistics by hour, as orders are placed', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('counts an order at the cafe hour it was placed, in summer time too', async () => {
    // London is on BST (UTC+1) in July: 08:30 UTC is 09:30 at the cafe.
    ({ t } = await createOrderingApp({ env: { CAFE_TIMEZONE: 'Europe/London' }, clockNow: '2026-07-01T08:30:00Z' }));
    const menu = await t.app.ctx.db
      .selectFrom('menu_items')
      .select('id')
      .where('name', '=', 'Latte')
      .executeTakeFirstOrThrow();
    const customer = await t.createUser();
    const barista = await t.createUser({ role: 'barista' });
    const image = await uploadImage(t, customer);
    const placed = await placeOrder(t, customer, cafeOrderBody(menu.id, image));
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json<{ id: number }>().id;
    for (const status of ['in-progress', 'done']) {
      expect((await baristaPatch(t, barista, id, { status })).statusCode).toBe(200);
    }
    const hours = (
      await t.request('GET', '/api/stats/orders-by-hour?startDate=2026-07-01&endDate=2026-07-02', barista)
    ).json<OrdersByHourRow[]>();
    expect(hours.filter((r) => r.totalOrder > 0)).toEqual([{ hour: 9, totalOrder: 1 }]);
  });
});

describe('statistics of orders written without a cafe hour', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('still counts them at the hour they were placed', async () => {
    t = await createTestApp();
    const barista = await t.createUser({ role: 'barista' });
    const seed = seeder(t, barista);
    const latte = await seed.item(await seed.category('Coffee', 'cafe'), 'Latte');
    // 02:15 UTC is 09:15 in Bangkok; one order recorded by placement, two by an older tool.
    await seed.order(latte, 'done', '2026-03-02T02:15:00Z');
    const ids = [
      await seed.order(latte, 'picked', '2026-03-02T02:45:00Z'),
      await seed.order(latte, 'done', '2026-03-02T05:00:00Z'),
    ];
    await t.app.ctx.db.updateTable('orders').set({ cafe_hour: null }).where('id', 'in', ids).execute();
    const hours = (
      await t.request('GET', '/api/stats/orders-by-hour?startDate=2026-03-02&endDate=2026-03-03', barista)
    ).json<OrdersByHourRow[]>();
    expect(hours.filter((r) => r.totalOrder > 0)).toEqual([
      { hour: 9, totalOrder: 2 },
      { hour: 12, totalOrder: 1 },
    ]);
  });
});

describe('preparation time with clocks set back', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('leaves out a span that ends before it starts', async () => {
    t = await createTestApp();
    const barista = await t.createUser({ role: 'barista' });
    const seed = seeder(t, barista);
    const latte = await seed.item(await seed.category('Coffee', 'cafe'), 'Latte');
    await seed.order(latte, 'done', '2026-03-02T02:00:00Z', [
      ['in-progress', 60],
      ['done', 150],
    ]);
    await seed.order(latte, 'picked', '2026-03-02T03:00:00Z', [
      ['in-progress', 300],
      ['done', 100],
      ['picked', 400],
    ]);
    const res = await t.request('GET', '/api/stats/preparation-time?startDate=2026-03-02&endDate=2026-03-03', barista);
    expect(res.json<PreparationTime>()).toEqual({ averageSeconds: 90, samples: 1 });
  });
});
