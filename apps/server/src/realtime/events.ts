import type { CafeStatus, MenuEvent, OrdersEvent } from '@cafe/shared';
import { LIVE_EVENTS } from '@cafe/shared';
import type { Server } from 'socket.io';

export const ROOMS = {
  staff: 'staff',
  user: (id: number) => `user:${id}`,
} as const;

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

export function createLiveEvents(io: Server): LiveEvents {
  return {
    order(event) {
      io.to([ROOMS.staff, ROOMS.user(event.userId)]).emit(LIVE_EVENTS.orders, event);
    },
    cafeStatus(status) {
      io.emit(LIVE_EVENTS.cafeStatus, status);
    },
    menu(event) {
      io.emit(LIVE_EVENTS.menu, event);
    },
    sessionChanged(userId) {
      io.to(ROOMS.user(userId)).emit(LIVE_EVENTS.sessionChanged, { userId });
      io.in(ROOMS.user(userId)).disconnectSockets(true);
    },
  };
}
