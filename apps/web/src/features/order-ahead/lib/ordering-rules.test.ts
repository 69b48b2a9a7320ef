import { MESSAGES } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { makeHistoryOrder } from '@/features/order-ahead/test/fixtures';
import { cardTimeOf, drinksLeft, historyStatusLabel, urgentFirst } from './order-display';
import { checkImageFile, fitWithin } from './prepare-image';
import { draftOfDrink, knownChoices, lostChoices, mostRecentDrinkOrder, recentTumbler } from './usual-drink';

describe('order display rules', () => {
  it('counts drinks left from the daily limit of 2', () => {
    expect(drinksLeft(0)).toBe(2);
    expect(drinksLeft(1)).toBe(1);
    expect(drinksLeft(3)).toBe(0);
  });

  it('times a card by its order date while under way, by its last change otherwise', () => {
    const times = { orderDate: 'o', updatedAt: 'u' };
    for (const status of ['ordered', 'in-progress', 'done'] as const)
      expect(cardTimeOf({ status, ...times })).toBe('o');
    for (const status of ['picked', 'cancel', 'rejected'] as const) expect(cardTimeOf({ status, ...times })).toBe('u');
  });

  it('puts the orders counting down to a cancellation first, the others as they came', () => {
    const missing = { since: 'a', deadline: 'b' };
    const orders = [
      { id: 1, status: 'ordered' as const },
      { id: 2, status: 'in-progress' as const },
      { id: 3, status: 'ordered' as const, tumblerMissing: missing },
      // Finished: its tumbler no longer matters.
      { id: 4, status: 'done' as const, tumblerMissing: missing },
    ];
    expect(urgentFirst(orders).map((o) => o.id)).toEqual([3, 1, 2, 4]);
  });

  it('labels history entries', () => {
    expect(historyStatusLabel({ status: 'done', rejectNote: '' }).label).toBe('Done');
    expect(historyStatusLabel({ status: 'picked', rejectNote: '' }).label).toBe('Picked up');
    expect(historyStatusLabel({ status: 'uncollected', rejectNote: '' }).label).toBe('Not collected');
    expect(historyStatusLabel({ status: 'cancel', rejectNote: '' }).label).toBe('Canceled');
    expect(historyStatusLabel({ status: 'rejected', rejectNote: 'Machine Failure' })).toEqual({
      label: 'Canceled By Barista',
      note: 'Machine Failure',
    });
  });
});

describe('tumbler photo checks', () => {
  it('refuses 5 MB or more and unknown types', () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024)], 'a.jpg', { type: 'image/jpeg' });
    expect(checkImageFile(big)).toBe(MESSAGES.uploadTooLarge);
    expect(checkImageFile(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe(MESSAGES.uploadOther);
    expect(checkImageFile(new File(['x'], 'a.HEIC', { type: '' }))).toBeNull();
    expect(checkImageFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
  });

  it('scales the longest side down to 1280 keeping the shape', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(3000, 6000)).toEqual({ width: 640, height: 1280 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('the drink Order again offers besides the usual', () => {
  const coffee = { id: 1, name: 'Coffee', categoryFor: 'cafe' as const };
  const latte = { id: 3, name: 'Latte', category: coffee };
  const mocha = { id: 4, name: 'Mocha', category: coffee };

  it('is the most recent drink, not the most ordered, leaving out cancelled and rejected ones', () => {
    const orders = [
      makeHistoryOrder({ id: 1, menu: latte, orderDate: '2026-11-01T02:00:00Z' }),
      makeHistoryOrder({ id: 2, menu: latte, orderDate: '2026-11-02T02:00:00Z' }),
      makeHistoryOrder({ id: 3, menu: mocha, orderDate: '2026-11-03T02:00:00Z', tumblerImage: '/api/images/new.jpg' }),
      makeHistoryOrder({ id: 4, menu: latte, orderDate: '2026-11-04T02:00:00Z', status: 'cancel' }),
      makeHistoryOrder({ id: 5, menu: latte, orderDate: '2026-11-05T02:00:00Z', status: 'rejected' }),
    ];
    expect(mostRecentDrinkOrder(orders)?.id).toBe(3);
    expect(recentTumbler(orders.slice(0, 3))).toBe('/api/images/new.jpg');
    expect(mostRecentDrinkOrder([makeHistoryOrder({ menu: mocha, status: 'cancel' })])).toBeNull();
  });

  it("is made with the item's defaults when it names no choice, and chooses again what is sold out", () => {
    const milk = {
      id: 9,
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      maxQuantity: 1,
      choices: [
        { id: 91, name: 'Whole', isDefault: true, soldOut: false, soldOutUntil: null },
        { id: 92, name: 'Oat', isDefault: false, soldOut: true, soldOutUntil: null },
      ],
    };
    const known = knownChoices([milk], []);
    const usual = { menu_id: 3, type: 'hot' as const, sweetness: 50 as const };
    expect(draftOfDrink(usual, 'Latte', '/cup.jpg', [milk], known).options).toEqual([{ choiceId: 91, quantity: 1 }]);
    const oat = { ...usual, options: [{ choiceId: 92 }] };
    expect(draftOfDrink(oat, 'Latte', '/cup.jpg', [milk], known).options).toEqual([]);
    expect(lostChoices(oat, [milk], known)).toEqual([{ choice: 'Oat', group: 'Milk', soldOut: true }]);
  });
});
