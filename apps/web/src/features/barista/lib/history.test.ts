import type { BaristaHistoryPage, Order, OrderStatus } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { applyOrderEvent, groupHistory, historyDayTotals, historyOrders, historyStatusLabel } from './history';

const ZONE = 'Asia/Bangkok';

function order(id: number, status: OrderStatus, orderDate: string): Order {
  const { queue_at: _place, estimatedWaitMinutes: _wait, ...rest } = makeOrder({ id, status, orderDate });
  return rest;
}

const history = (...pages: BaristaHistoryPage[]) => ({
  pages,
  pageParams: pages.map((_, i) => (i === 0 ? null : `p${i}`)),
});

describe('barista history', () => {
  it('labels the statuses', () => {
    expect(historyStatusLabel('done')).toBe('Done');
    expect(historyStatusLabel('picked')).toBe('Done');
    expect(historyStatusLabel('cancel')).toBe('Canceled by user');
    expect(historyStatusLabel('rejected')).toBe('Canceled by barista');
  });

  it('groups by cafe day (Asia/Bangkok), newest day and newest order first, counting done and picked', () => {
    const orders = [
      // 2025-11-19 23:30 UTC is already 20 November 06:30 in Bangkok.
      makeOrder({ id: 1, status: 'done', orderDate: '2025-11-19T23:30:00.000Z' }),
      makeOrder({ id: 2, status: 'picked', orderDate: '2025-11-20T03:00:00.000Z' }),
      makeOrder({ id: 3, status: 'rejected', orderDate: '2025-11-20T04:00:00.000Z' }),
      makeOrder({ id: 4, status: 'cancel', orderDate: '2025-11-18T04:00:00.000Z' }),
      makeOrder({ id: 5, status: 'done', orderDate: '2025-11-19T10:00:00.000Z' }),
    ];
    const groups = groupHistory(orders, 'Asia/Bangkok');
    expect(groups.map((g) => g.day)).toEqual(['2025-11-20', '2025-11-19', '2025-11-18']);
    expect(groups[0]?.orders.map((o) => o.id)).toEqual([3, 2, 1]);
    expect(groups.map((g) => g.total)).toEqual([2, 1, 0]);
  });

  it("takes each day's total from the page loaded last, and every order once", () => {
    const a = order(1, 'done', '2025-11-20T05:00:00.000Z');
    const pages = [
      { orders: [a], nextCursor: 'p1', dayTotals: [{ day: '2025-11-20', totalOrder: 2 }] },
      {
        orders: [a, order(2, 'done', '2025-11-20T03:00:00.000Z')],
        nextCursor: null,
        dayTotals: [{ day: '2025-11-20', totalOrder: 3 }],
      },
    ];
    expect(historyDayTotals(pages).get('2025-11-20')).toBe(3);
    expect(historyOrders(pages).map((o) => o.id)).toEqual([1, 2]);
    const groups = groupHistory(historyOrders(pages), ZONE, historyDayTotals(pages));
    expect(groups.map((g) => [g.day, g.total])).toEqual([['2025-11-20', 3]]);
  });

  describe('live changes', () => {
    const newest = order(9, 'done', '2025-11-20T05:00:00.000Z');
    const oldest = order(8, 'done', '2025-11-19T05:00:00.000Z');
    const loaded = history({
      orders: [newest, oldest],
      nextCursor: 'p1',
      dayTotals: [
        { day: '2025-11-20', totalOrder: 1 },
        { day: '2025-11-19', totalOrder: 4 },
      ],
    });
    const change = (status: OrderStatus, from: OrderStatus | null, o: Order) => ({
      status,
      from,
      order: { ...o, status },
    });

    it('puts a finished order where it sorts and counts it once', () => {
      const placed = order(10, 'in-progress', '2025-11-20T06:00:00.000Z');
      const once = applyOrderEvent(loaded, change('done', 'in-progress', placed), ZONE, true);
      expect(once.pages[0]?.orders.map((o) => o.id)).toEqual([10, 9, 8]);
      expect(once.pages[0]?.dayTotals).toEqual([
        { day: '2025-11-20', totalOrder: 2 },
        { day: '2025-11-19', totalOrder: 4 },
      ]);
      // The same event again (a repeat, or a refetch that already had it) changes nothing more.
      expect(applyOrderEvent(once, change('done', 'in-progress', placed), ZONE, true)).toBe(once);
      // Picked up: a new status, the same count.
      const picked = applyOrderEvent(once, change('picked', 'done', placed), ZONE, true);
      expect(picked.pages[0]?.orders[0]?.status).toBe('picked');
      expect(historyDayTotals(picked.pages).get('2025-11-20')).toBe(2);
    });

    it('leaves an order older than everything loaded to its page, but counts it in its day', () => {
      const older = order(7, 'in-progress', '2025-11-19T02:00:00.000Z');
      const next = applyOrderEvent(loaded, change('done', 'in-progress', older), ZONE, true);
      expect(historyOrders(next.pages).map((o) => o.id)).toEqual([9, 8]);
      expect(historyDayTotals(next.pages).get('2025-11-19')).toBe(5);
      // With nothing older left to load, it goes at the end.
      const last = applyOrderEvent(loaded, change('done', 'in-progress', older), ZONE, false);
      expect(historyOrders(last.pages).map((o) => o.id)).toEqual([9, 8, 7]);
    });

    it('starts a new day with the first order that finishes on it', () => {
      const tomorrow = order(11, 'ordered', '2025-11-21T02:00:00.000Z');
      const canceled = applyOrderEvent(loaded, change('cancel', 'ordered', tomorrow), ZONE, true);
      expect(canceled.pages[0]?.dayTotals).toContainEqual({ day: '2025-11-21', totalOrder: 0 });
      const empty = history({ orders: [], nextCursor: null, dayTotals: [] });
      const served = applyOrderEvent(empty, change('done', 'in-progress', tomorrow), ZONE, false);
      expect(served.pages[0]).toEqual({
        orders: [{ ...tomorrow, status: 'done' }],
        nextCursor: null,
        dayTotals: [{ day: '2025-11-21', totalOrder: 1 }],
      });
    });

    it('ignores orders still on their way', () => {
      expect(
        applyOrderEvent(
          loaded,
          change('in-progress', 'ordered', order(12, 'ordered', '2025-11-20T07:00:00.000Z')),
          ZONE,
          true,
        ),
      ).toBe(loaded);
    });
  });
});
