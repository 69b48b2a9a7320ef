import type { Order } from '@cafe/shared';
import { i18n } from '@/i18n';

/** How the board names an order everywhere (its ticket, dialogs, toasts): "Latte for Ann". */
export function orderLabel(order: Pick<Order, 'menu' | 'user'>): string {
  return i18n._('barista.orderLabel', { menu: order.menu.name, person: order.user.name });
}

/** An order the board no longer has the name of: "Order 12". */
export function unknownOrderLabel(id: number): string {
  return i18n._('barista.orderNumber', { id });
}
