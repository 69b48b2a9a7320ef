import type { OrderOption, OrderStatus } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { productionTotals, totalLabel } from './production-totals';

const option = (groupId: number, group: string, choiceId: number, choice: string, quantity = 1): OrderOption => ({
  groupId,
  group,
  choiceId,
  choice,
  quantity,
  isDefault: false,
});
const SIZE_LARGE = option(1, 'Size', 11, 'Large');
const OAT = option(2, 'Milk', 21, 'Oat');
const shots = (n: number) => option(3, 'Extras', 31, 'Extra shot', n);

const drink = (menuId: number, name: string, status: OrderStatus, options: OrderOption[] = []) => {
  const order = makeOrder({ menuName: name, status, options });
  return { ...order, menu: { ...order.menu, id: menuId } };
};

describe('production totals', () => {
  it('counts what the waiting and in-progress orders need: drinks by item and size, choices by quantity', () => {
    const totals = productionTotals([
      drink(1, 'Latte', 'ordered', [SIZE_LARGE, OAT, shots(2)]),
      drink(1, 'Latte', 'in-progress', [SIZE_LARGE, OAT]),
      drink(1, 'Latte', 'ordered', [OAT, shots(1)]),
      drink(2, 'Mocha', 'in-progress', [shots(3)]),
      // Finished, cancelled and for later: not to make now.
      drink(2, 'Mocha', 'done', [OAT, shots(5)]),
      drink(2, 'Mocha', 'rejected', [OAT]),
      drink(2, 'Mocha', 'scheduled', [OAT]),
    ]);
    expect(totals.drinks.map(totalLabel)).toEqual(['Latte Large ×2', 'Latte ×1', 'Mocha ×1']);
    // The size is in the drink already; each choice counts its quantity ("2× Extra shot" is two).
    expect(totals.choices.map((c) => [c.group, totalLabel({ name: c.choice, count: c.count })])).toEqual([
      ['Extras', 'Extra shot ×6'],
      ['Milk', 'Oat ×3'],
    ]);
  });

  it('is empty when nothing is to make', () => {
    expect(productionTotals([drink(1, 'Latte', 'done', [OAT])])).toEqual({ drinks: [], choices: [] });
  });
});
