import type { OrdersEvent, OrderStatus } from '@cafe/shared';

/** An `orders` event as the server sends it: a cafe order of `menuName` (Coffee) moved from `from` to `status`. */
export function ordersEvent(
  status: OrderStatus,
  from: OrderStatus | null,
  orderDate: string,
  menuName = 'Latte',
  id = 1,
): OrdersEvent {
  return {
    id,
    status,
    userId: 100,
    categoryFor: 'cafe',
    updatedAt: orderDate,
    from,
    order: {
      id,
      status,
      orderDate,
      updatedAt: orderDate,
      type: 'hot',
      sweetness: 50,
      remark: '-',
      tumblerImage: '/api/images/cup.webp',
      rejectNote: '',
      menu: { id: 10, name: menuName, category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
      user: { id: 100, name: 'Somchai' },
      site: { id: 1, name: 'Head office' },
    },
  };
}
