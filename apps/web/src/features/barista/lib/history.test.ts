import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { groupHistory, historyStatusLabel } from './history';

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
});
