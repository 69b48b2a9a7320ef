import type { CafeStatus, MenuEvent, OrderingStatus, OrdersEvent, QueueEvent } from '@cafe/shared';
import type { ClosingSoonEvent, Schedule } from '@cafe/shared';
import { ROOMS, type LiveServer } from './socket';

/** Live events, sent by services after their write has committed. */
export interface LiveEvents {
  order(event: OrdersEvent): void;
  /** A venue's queue moved: to baristas and admins, and to the people waiting behind (`userIds`). */
  queue(event: QueueEvent, userIds: readonly number[]): void;
  cafeStatus(status: CafeStatus): void;
  /** Busy mode changed (paused, resumed, its limits): to everyone. */
  orderingStatus(status: OrderingStatus): void;
  menu(event: MenuEvent): void;
  /** The opening hours or closed days changed: to everyone. */
  schedule(schedule: Schedule): void;
  /** A venue closes by the schedule in a few minutes: to everyone. */
  closingSoon(event: ClosingSoonEvent): void;
  /**
   * A user's role or availability changed: their live connections are closed with the event
   * `session-changed` first, so the client reconnects and joins the rooms of the new role.
   */
  sessionChanged(userId: number): void;
}

/** The message between server processes that asks each to end a user's connections it holds. */
const END_SESSION = 'end-session';

export function createLiveEvents(io: LiveServer): LiveEvents {
  // The adapter the server starts with keeps everything in this process; a cluster adapter
  // (PostgreSQL, attached later) replaces it.
  const singleProcessAdapter = io.adapter();

  /**
   * Each process ends the connections it holds itself, event then close on the same connection,
   * so the event is always written first. (Through a cluster adapter an emit and a
   * disconnectSockets are separate messages that may overtake each other, and its emit even
   * waits for the database before reaching local sockets while its disconnect does not.)
   */
  function endSessionHere(userId: number): void {
    io.local.to(ROOMS.user(userId)).emit('session-changed', { userId });
    io.local.in(ROOMS.user(userId)).disconnectSockets(true);
  }

  io.sockets.on(END_SESSION, (userId: unknown) => {
    if (typeof userId === 'number') endSessionHere(userId);
  });

  return {
    order(event) {
      io.to([ROOMS.staff, ROOMS.user(event.userId)]).emit('orders', event);
    },
    queue(event, userIds) {
      io.to([ROOMS.staff, ...userIds.map((id) => ROOMS.user(id))]).emit('queue', event);
    },
    cafeStatus(status) {
      io.emit('cafe-status', status);
    },
    orderingStatus(status) {
      io.emit('ordering-status', status);
    },
    menu(event) {
      io.emit('menu', event);
    },
    schedule(schedule) {
      io.emit('schedule', schedule);
    },
    closingSoon(event) {
      io.emit('closing-soon', event);
    },
    sessionChanged(userId) {
      endSessionHere(userId);
      if (io.adapter() !== singleProcessAdapter) io.serverSideEmit(END_SESSION, userId);
    },
  };
}
