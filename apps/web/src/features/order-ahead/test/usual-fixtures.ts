// The usual and the drinks of "Order again", History and standing orders: a latte with choices.
import type { Category, Order, OrderOption } from '@cafe/shared';
import { makeHistoryOrder } from './fixtures';

const coffee = { id: 1, name: 'Coffee', categoryFor: 'cafe' as const };

/** A latte whose milk is whole by default (Milk), or oat; a size; a syrup that may be doubled. */
export const LATTE_MENU: Category[] = [
  {
    id: 1,
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    isAvailable: 'available',
    menu: [
      {
        id: 3,
        name: 'Latte',
        description: '-',
        category_id: 1,
        isActive: 'active',
        isAvailable: 'available',
        tags: ['caffeine'],
        optionGroups: [
          {
            id: 9,
            name: 'Milk',
            minChoices: 1,
            maxChoices: 1,
            maxQuantity: 1,
            choices: [
              { id: 91, name: 'Whole', isDefault: true, tags: ['milk'], soldOut: false, soldOutUntil: null },
              { id: 92, name: 'Oat', isDefault: false, tags: ['gluten'], soldOut: false, soldOutUntil: null },
            ],
          },
          {
            id: 10,
            name: 'Size',
            minChoices: 1,
            maxChoices: 1,
            maxQuantity: 1,
            choices: [
              { id: 101, name: 'Regular', isDefault: true, soldOut: false, soldOutUntil: null },
              { id: 102, name: 'Large', isDefault: false, soldOut: false, soldOutUntil: null },
            ],
          },
          {
            id: 11,
            name: 'Syrup',
            minChoices: 0,
            maxChoices: 1,
            maxQuantity: 3,
            choices: [{ id: 111, name: 'Vanilla', isDefault: false, soldOut: false, soldOutUntil: null }],
          },
        ],
      },
      {
        id: 5,
        name: 'Green Tea Latte',
        description: '-',
        category_id: 1,
        isActive: 'active',
        isAvailable: 'available',
        tags: ['caffeine', 'milk'],
      },
    ],
  },
];

/** The usual: a Latte, Cold, 50%, Oat, Large, 2x Vanilla. */
export const LATTE_USUAL = {
  drink: {
    menu_id: 3,
    type: 'cold',
    sweetness: 50,
    options: [{ choiceId: 92 }, { choiceId: 102 }, { choiceId: 111, quantity: 2 }],
  },
  source: 'saved',
};

const option = (groupId: number, group: string, choiceId: number, choice: string, quantity = 1): OrderOption => ({
  groupId,
  group,
  choiceId,
  choice,
  quantity,
  isDefault: false,
});

/** The Latte as it was ordered on Monday, and one Green Tea Latte picked up on Tuesday. */
export const LATTE_THEN_GREEN_TEA: Order[] = [
  makeHistoryOrder({
    id: 11,
    status: 'picked',
    orderDate: '2026-11-16T02:00:00.000Z',
    menu: { id: 3, name: 'Latte', category: coffee },
    type: 'cold',
    sweetness: 50,
    options: [option(9, 'Milk', 92, 'Oat'), option(10, 'Size', 102, 'Large'), option(11, 'Syrup', 111, 'Vanilla', 2)],
  }),
  makeHistoryOrder({
    id: 12,
    status: 'picked',
    orderDate: '2026-11-17T02:00:00.000Z',
    menu: { id: 5, name: 'Green Tea Latte', category: coffee },
    type: 'hot',
    sweetness: 25,
    tumblerImage: '/api/images/new-cup.webp',
  }),
];
