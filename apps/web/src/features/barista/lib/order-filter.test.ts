import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { drinkGroupOf, filterOrders } from './order-filter';

describe('drink groups of the queue filter', () => {
  it('groups by the category name, ignoring case', () => {
    expect(drinkGroupOf('Coffee')).toBe('coffee');
    expect(drinkGroupOf('iced COFFEE drinks')).toBe('coffee');
    expect(drinkGroupOf('Tea')).toBe('tea');
    expect(drinkGroupOf('Milk tea')).toBe('tea');
    expect(drinkGroupOf('Other')).toBe('other');
    expect(drinkGroupOf('Cocktails')).toBe('other');
  });

  const coffee = makeOrder({ categoryName: 'Coffee', menuName: 'Latte' });
  const tea = makeOrder({ categoryName: 'Tea', menuName: 'Green tea' });
  const other = makeOrder({ categoryName: 'Other', menuName: 'Cocoa' });
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
});
