import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { allDayCounts, drinkCountLabel } from './all-day-counts';

const drink = (menuId: number, menuName: string, status: 'ordered' | 'in-progress' = 'ordered') => {
  const order = makeOrder({ menuName, status });
  return { ...order, menu: { ...order.menu, id: menuId } };
};

describe('all-day counts', () => {
  it('counts the waiting drinks by item, the most asked-for first, then by name', () => {
    const counts = allDayCounts([
      drink(1, 'Latte'),
      drink(2, 'Mocha'),
      drink(1, 'Latte'),
      drink(3, 'Americano'),
      drink(1, 'Latte', 'in-progress'),
      drink(2, 'Mocha'),
    ]);
    expect(counts.map(drinkCountLabel)).toEqual(['Latte x2', 'Mocha x2', 'Americano x1']);
    expect(counts[0]).toEqual({ menuId: 1, name: 'Latte', count: 2 });
  });

  it('has nothing to count without waiting orders', () => {
    expect(allDayCounts([drink(1, 'Latte', 'in-progress')])).toEqual([]);
  });
});
