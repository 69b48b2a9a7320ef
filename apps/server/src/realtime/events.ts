import type { CafeStatus, MenuEvent, OrdersEvent } from '@cafe/shared';
import { ROOMS, type LiveServer } from './socket';

/** Live events, sent by services after their write has committed. */
export interface LiveEvents {
  order(event: OrdersEvent): void;
  cafeStatus(status: CafeStatus): void;
  menu(event: MenuEvent): void;
  /**
   * A user's role or availability changed: their live connections are closed with the event
   * `session-changed` first, so the client reconnects and joins the rooms of the new role.
   */
  sessionChanged(userId: number): void;
}

export function createLiveEvents(io: LiveServer): LiveEvents {
  return {
    order(event) {
      io.to([ROOMS.staff, ROOMS.user(event.userId)]).emit('orders', event);
    },
    cafeStatus(status) {
      io.emit('cafe-status', status);
    },
    menu(event) {
      io.emit('menu', event);
    },
    sessionChanged(userId) {
      io.to(ROOMS.user(userId)).emit('session-changed', { userId });
      io.in(ROOMS.user(userId)).disconnectSockets(true);
    },
  };
}
