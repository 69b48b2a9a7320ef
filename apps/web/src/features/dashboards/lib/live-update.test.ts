import type { PopularMenuRow } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { ordersEvent } from '@/features/dashboards/test/fixtures';
import {
  addToHours,
  addToRanking,
  addToTotal,
  addToWeekdays,
  countsIn,
  finishesPreparation,
  servedChange,
  statsSlotOf,
} from './live-update';

const row = (Menu_name: string, totalOrder: number, categoryName = 'Coffee'): PopularMenuRow => ({
  Menu_name,
  categoryName,
  categoryFor: 'cafe',
  totalOrder,
});

describe('dashboard numbers from live events', () => {
  it('counts an order in when it is served, and only then', () => {
    expect(servedChange({ status: 'done', from: 'in-progress' })).toBe(1);
    expect(servedChange({ status: 'picked', from: 'done' })).toBe(0);
    expect(servedChange({ status: 'ordered', from: null })).toBe(0);
    expect(servedChange({ status: 'in-progress', from: 'ordered' })).toBe(0);
    expect(servedChange({ status: 'rejected', from: 'in-progress' })).toBe(0);
    expect(servedChange({ status: 'cancel', from: 'ordered' })).toBe(0);
    // Not a transition the server makes today, but the arithmetic holds.
    expect(servedChange({ status: 'rejected', from: 'done' })).toBe(-1);
    expect(finishesPreparation({ status: 'done', from: 'in-progress' })).toBe(true);
    expect(finishesPreparation({ status: 'picked', from: 'done' })).toBe(false);
  });

  it('places the order by when it was placed, in the cafe zone', () => {
    // 17:30 UTC on Sunday 1 March is 00:30 on Monday 2 March in Bangkok.
    const slot = statsSlotOf(ordersEvent('done', 'in-progress', '2026-03-01T17:30:00.000Z'), 'Asia/Bangkok');
    expect(slot).toEqual({
      day: '2026-03-02',
      hour: 0,
      weekday: 1,
      categoryFor: 'cafe',
      menuName: 'Latte',
      categoryName: 'Coffee',
    });
    expect(countsIn(slot, { startDate: '2026-03-02', endDate: '2026-03-09', categoryFor: 'cafe' })).toBe(true);
    expect(countsIn(slot, { startDate: '2026-02-23', endDate: '2026-03-02', categoryFor: 'cafe' })).toBe(false);
    expect(countsIn(slot, { startDate: '2026-03-02', endDate: '2026-03-09', categoryFor: 'bar' })).toBe(false);
  });

  it('moves the total, the hour and the weekday', () => {
    expect(addToTotal({ totalOrder: 4 }, 1)).toEqual({ totalOrder: 5 });
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, totalOrder: hour === 9 ? 2 : 0 }));
    expect(addToHours(hours, 9, 1)[9]).toEqual({ hour: 9, totalOrder: 3 });
    expect(addToHours(hours, 9, 1).reduce((sum, r) => sum + r.totalOrder, 0)).toBe(3);
    const days = Array.from({ length: 7 }, (_, weekday) => ({ weekday, totalOrder: 0 }));
    expect(addToWeekdays(days, 1, 1)[1]).toEqual({ weekday: 1, totalOrder: 1 });
  });

  it('moves an item up the ranking, ties by name, and adds an item not ranked yet', () => {
    const slot = statsSlotOf(ordersEvent('done', 'in-progress', '2026-03-02T03:00:00.000Z', 'Mocha'), 'Asia/Bangkok');
    const ranking = [row('Latte', 3), row('Americano', 2), row('Mocha', 2)];
    expect(addToRanking(ranking, slot, 1)).toEqual([row('Latte', 3), row('Mocha', 3), row('Americano', 2)]);
    expect(addToRanking([row('Latte', 3)], slot, 1)).toEqual([row('Latte', 3), row('Mocha', 1)]);
    expect(addToRanking([row('Mocha', 1), row('Latte', 3)], slot, -1)).toEqual([row('Latte', 3)]);
  });

  it('gives up where the rows cannot tell the item or its place', () => {
    const slot = statsSlotOf(ordersEvent('done', 'in-progress', '2026-03-02T03:00:00.000Z', 'Mocha'), 'Asia/Bangkok');
    // Two items of one name in one category: which one?
    expect(addToRanking([row('Mocha', 2), row('Mocha', 1)], slot, 1)).toBeNull();
    // Tied with a namesake of another category: the server orders them by an id the rows lack.
    expect(addToRanking([row('Mocha', 3, 'Specials'), row('Mocha', 2)], slot, 1)).toBeNull();
    // Counted out of a ranking that does not have it.
    expect(addToRanking([row('Latte', 3)], slot, -1)).toBeNull();
  });
});
