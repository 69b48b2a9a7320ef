import type { CategoryKind, QueuedOrder } from '@cafe/shared';

let nextId = 1;

/** An order as GET /order returns it, with sensible defaults. */
export function makeOrder(
  overrides: Partial<QueuedOrder> & {
    categoryName?: string;
    categoryFor?: 'cafe' | 'bar';
    /** The category's kind; absent (an order from before kinds) unless given. */
    categoryKind?: CategoryKind;
    menuName?: string;
    userName?: string;
  } = {},
): QueuedOrder {
  const {
    categoryName = 'Coffee',
    categoryFor = 'cafe',
    categoryKind,
    menuName = 'Latte',
    userName = 'Somchai',
    ...rest
  } = overrides;
  const id = rest.id ?? nextId++;
  return {
    id,
    status: 'ordered',
    orderDate: '2025-11-20T02:15:00.000Z',
    updatedAt: '2025-11-20T02:15:00.000Z',
    type: categoryFor === 'bar' ? null : 'hot',
    sweetness: categoryFor === 'bar' ? null : 50,
    remark: '-',
    tumblerImage: categoryFor === 'bar' ? 'Gin and tonic' : '/api/images/cup.png',
    rejectNote: '',
    menu: {
      id: 10,
      name: menuName,
      category: { id: 1, name: categoryName, categoryFor, ...(categoryKind ? { kind: categoryKind } : {}) },
    },
    user: { id: 100, name: userName },
    site: { id: 1, name: 'Head office' },
    queue_at: null,
    estimatedWaitMinutes: null,
    ...rest,
  };
}
