import type { Order, QueuedOrder } from '@cafe/shared';

/** One of today's orders as GET /order/my-queue returns it (09:05 and 09:40 in Bangkok). */
export function makeOrder(overrides: Partial<QueuedOrder> = {}): QueuedOrder {
  return {
    id: 1,
    status: 'ordered',
    orderDate: '2026-11-20T02:05:00.000Z',
    updatedAt: '2026-11-20T02:40:00.000Z',
    type: 'cold',
    sweetness: 50,
    remark: '-',
    tumblerImage: '/api/images/cup.jpg',
    rejectNote: '',
    menu: { id: 3, name: 'Latte', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
    user: { id: 7, name: 'Tess' },
    site: { id: 1, name: 'Head office' },
    queue_at: 1,
    estimatedWaitMinutes: null,
    ...overrides,
  };
}

export function makeHistoryOrder(overrides: Partial<Order> = {}): Order {
  const { queue_at: _q, estimatedWaitMinutes: _e, ...order } = makeOrder({ status: 'done', queue_at: null });
  return { ...order, ...overrides };
}
