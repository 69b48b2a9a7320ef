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
    expect(counts[0]).toEqual({ key: '1', menuId: 1, name: 'Latte', count: 2 });
  });

  it('counts each size of a drink on its own', () => {
    const sized = (size: string) => {
      const order = drink(1, 'Latte');
      return {
        ...order,
        options: [
          {
            groupId: 1,
            group: 'Size',
            choiceId: size === 'Large' ? 12 : 11,
            choice: size,
            quantity: 1,
            isDefault: false,
          },
        ],
      };
    };
    const counts = allDayCounts([sized('Large'), drink(2, 'Mocha'), sized('Large'), sized('Regular')]);
    expect(counts.map(drinkCountLabel)).toEqual(['Latte Large x2', 'Latte Regular x1', 'Mocha x1']);
    expect(counts[0]?.key).toBe('1:Large');
  });

  it('has nothing to count without waiting orders', () => {
    expect(allDayCounts([drink(1, 'Latte', 'in-progress')])).toEqual([]);
  });
});
