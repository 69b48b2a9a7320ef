import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { drinkGroupOf, filterOrders } from './order-filter';

describe('drink groups of the queue filter', () => {
  it("follows the category's kind, whatever its name says", () => {
    expect(drinkGroupOf({ name: 'เมนูพิเศษ', kind: 'coffee' })).toBe('coffee');
    expect(drinkGroupOf({ name: 'Coffee', kind: 'other' })).toBe('other');
    expect(drinkGroupOf({ name: 'Specials', kind: 'tea' })).toBe('tea');
  });

  it('files an order without a kind (recorded before kinds) by its category name, English or Thai', () => {
    expect(drinkGroupOf({ name: 'Coffee' })).toBe('coffee');
    expect(drinkGroupOf({ name: 'iced COFFEE drinks' })).toBe('coffee');
    expect(drinkGroupOf({ name: 'กาแฟเย็น' })).toBe('coffee');
    expect(drinkGroupOf({ name: 'Tea' })).toBe('tea');
    expect(drinkGroupOf({ name: 'Milk tea' })).toBe('tea');
    expect(drinkGroupOf({ name: 'ชาเขียว' })).toBe('tea');
    expect(drinkGroupOf({ name: 'Other' })).toBe('other');
    expect(drinkGroupOf({ name: 'Cocktails' })).toBe('other');
  });

  const coffee = makeOrder({ categoryName: 'Coffee', categoryKind: 'coffee', menuName: 'Latte' });
  const tea = makeOrder({ categoryName: 'Tea', categoryKind: 'tea', menuName: 'Green tea' });
  const other = makeOrder({ categoryName: 'Other', categoryKind: 'other', menuName: 'Cocoa' });
  const orders = [coffee, tea, other];

  it('All shows everything', () => {
    expect(filterOrders(orders, 'all')).toEqual(orders);
  });

  it('Coffee shows coffee only (no tea, no others)', () => {
    expect(filterOrders(orders, 'coffee')).toEqual([coffee]);
  });

  it('Tea shows tea and the other non-coffee drinks', () => {
    expect(filterOrders(orders, 'tea')).toEqual([tea, other]);
  });

  it('files a Thai-named category of kind coffee under Coffee, not under Tea', () => {
    // "Specials": no coffee word in the name; the barista chose coffee as its kind.
    const thaiCoffee = makeOrder({ categoryName: 'เมนูพิเศษ', categoryKind: 'coffee', menuName: 'Dirty' });
    // A name with "tea" in it that the barista filed as coffee still goes under Coffee.
    const teaNamedCoffee = makeOrder({ categoryName: 'Coffee and tea', categoryKind: 'coffee' });
    const thaiTea = makeOrder({ categoryName: 'เมนูพิเศษ', categoryKind: 'tea', menuName: 'Cha yen' });
    const list = [thaiCoffee, teaNamedCoffee, thaiTea, other];
    expect(filterOrders(list, 'coffee')).toEqual([thaiCoffee, teaNamedCoffee]);
    expect(filterOrders(list, 'tea')).toEqual([thaiTea, other]);
  });

  it('mixes orders with and without a kind on one board', () => {
    const legacy = makeOrder({ categoryName: 'กาแฟ' });
    const chosen = makeOrder({ categoryName: 'กาแฟ', categoryKind: 'other' });
    expect(filterOrders([legacy, chosen], 'coffee')).toEqual([legacy]);
    expect(filterOrders([legacy, chosen], 'tea')).toEqual([chosen]);
  });
});
