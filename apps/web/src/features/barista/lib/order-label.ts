import { runLabel, type Order } from '@cafe/shared';
import { i18n } from '@/i18n';

/** Whom an order is for, as the board writes it: "Ann", or "Ann (2/5)" for a drink of a coffee run. */
export function personLabel(order: Pick<Order, 'user'> & Partial<Pick<Order, 'run'>>): string {
  return order.run ? runLabel(order.user.name, order.run.position, order.run.of) : order.user.name;
}

/** How the board names an order everywhere (its ticket, dialogs, toasts): "Latte for Ann", "Latte for Ann (2/5)". */
export function orderLabel(order: Pick<Order, 'menu' | 'user'> & Partial<Pick<Order, 'run'>>): string {
  return i18n._('barista.orderLabel', { menu: order.menu.name, person: personLabel(order) });
}

/** An order the board no longer has the name of: "Order 12". */
export function unknownOrderLabel(id: number): string {
  return i18n._('barista.orderNumber', { id });
}
