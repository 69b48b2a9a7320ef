import { MESSAGES } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { makeHistoryOrder } from '@/features/order-ahead/test/fixtures';
import { mostOrderedDrink } from './favourite-drink';
import { cardTimeOf, drinksLeft, historyStatusLabel } from './order-display';
import { checkImageFile, fitWithin } from './prepare-image';

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

  it('labels history entries', () => {
    expect(historyStatusLabel({ status: 'done', rejectNote: '' }).label).toBe('Done');
    expect(historyStatusLabel({ status: 'picked', rejectNote: '' }).label).toBe('Done');
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

describe('the usual drink', () => {
  const coffee = { id: 1, name: 'Coffee', categoryFor: 'cafe' as const };
  it('is the most ordered configuration, ignoring cancelled and rejected orders', () => {
    const latte = { id: 3, name: 'Latte', category: coffee };
    const mocha = { id: 4, name: 'Mocha', category: coffee };
    const drink = mostOrderedDrink([
      makeHistoryOrder({ id: 1, menu: latte, type: 'cold', sweetness: 50, orderDate: '2026-11-01T02:00:00Z' }),
      makeHistoryOrder({
        id: 2,
        menu: latte,
        type: 'cold',
        sweetness: 50,
        orderDate: '2026-11-02T02:00:00Z',
        tumblerImage: '/api/images/new.jpg',
      }),
      makeHistoryOrder({ id: 3, menu: mocha, type: 'hot', sweetness: 0, orderDate: '2026-11-03T02:00:00Z' }),
      makeHistoryOrder({ id: 4, menu: mocha, type: 'hot', sweetness: 0, status: 'cancel' }),
      makeHistoryOrder({ id: 5, menu: mocha, type: 'hot', sweetness: 0, status: 'rejected' }),
    ]);
    expect(drink).toMatchObject({
      menu_name: 'Latte',
      type: 'cold',
      sweetness: 50,
      tumblerImage: '/api/images/new.jpg',
      pinned: false,
    });
  });

  it('falls back to the last drink when every drink was ordered once', () => {
    const drink = mostOrderedDrink([
      makeHistoryOrder({ id: 1, menu: { id: 3, name: 'Latte', category: coffee }, orderDate: '2026-11-01T02:00:00Z' }),
      makeHistoryOrder({ id: 2, menu: { id: 4, name: 'Mocha', category: coffee }, orderDate: '2026-11-02T02:00:00Z' }),
    ]);
    expect(drink?.menu_name).toBe('Mocha');
  });
});
