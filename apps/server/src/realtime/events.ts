import type { CafeStatus, MenuEvent, OrderingStatus, OrdersEvent, QueueEvent, Site } from '@cafe/shared';
import type { ClosingSoonEvent, LiveEventName, LiveEventPayload, Schedule } from '@cafe/shared';
import { ROOMS, type LiveServer } from './socket';

/**
 * Live events, sent by services after their write has committed. The methods name the ideas
 * (shop status, busy mode); the events on the wire keep the contract's names (`cafe-status`,
 * `ordering-status`). What happens at a site reaches that site only: its board (baristas and
 * admins looking at it) and its people.
 */
export interface LiveEvents {
  /** An order of a site was placed or moved on: to the site's board and to the order's owner. */
  order(siteId: number, event: OrdersEvent): void;
  /** A venue's queue at a site moved: to the site's board, and to the people waiting behind (`userIds`). */
  queue(siteId: number, event: QueueEvent, userIds: readonly number[]): void;
  /** A site's shop status changed: to its people. */
  shopStatus(siteId: number, status: CafeStatus): void;
  /** A site's busy mode changed (paused, resumed, its limits): to its people. */
  busyMode(siteId: number, status: OrderingStatus): void;
  /** The company's menu changed: to everyone; an item at one site (`siteId`): to that site's people. */
  menu(event: MenuEvent, siteId?: number): void;
  /** A site's opening hours or closed days changed: to its people. */
  schedule(siteId: number, schedule: Schedule): void;
  /** A venue of a site closes by the schedule in a few minutes: to its people. */
  closingSoon(siteId: number, event: ClosingSoonEvent): void;
  /** A site was changed or archived: to everyone (the lists of sites). */
  site(site: Site): void;
  /**
   * A user's role or availability changed: their live connections are closed with the event
   * `session-changed` first, so the client reconnects and joins the rooms of the new role.
   */
  sessionChanged(userId: number): void;
}

/** The message between server processes that asks each to end a user's connections it holds. */
const END_SESSION = 'end-session';

/**
 * The events themselves are the contract's (LIVE_EVENT_SCHEMAS in packages/shared); this module
 * only says who receives each. `sent` hears every event once as it leaves (the metrics count them).
 */
export function createLiveEvents(io: LiveServer, sent: (event: LiveEventName) => void = () => {}): LiveEvents {
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

  /** Sends an event to some rooms (none: to everyone). */
  function send<E extends LiveEventName>(rooms: string[] | null, event: E, payload: LiveEventPayload<E>): void {
    sent(event);
    const to = rooms === null ? io : io.to(rooms);
    // Socket.IO's typed emit cannot follow a generic event name to its own payload type.
    (to.emit as (name: E, data: LiveEventPayload<E>) => boolean)(event, payload);
  }

  io.sockets.on(END_SESSION, (userId: unknown) => {
    if (typeof userId === 'number') endSessionHere(userId);
  });

  return {
    order(siteId, event) {
      send([ROOMS.staff(siteId), ROOMS.user(event.userId)], 'orders', event);
    },
    queue(siteId, event, userIds) {
      send([ROOMS.staff(siteId), ...userIds.map((id) => ROOMS.user(id))], 'queue', event);
    },
    shopStatus(siteId, status) {
      send([ROOMS.site(siteId)], 'cafe-status', status);
    },
    busyMode(siteId, status) {
      send([ROOMS.site(siteId)], 'ordering-status', status);
    },
    menu(event, siteId) {
      send(siteId === undefined ? null : [ROOMS.site(siteId)], 'menu', event);
    },
    schedule(siteId, schedule) {
      send([ROOMS.site(siteId)], 'schedule', schedule);
    },
    closingSoon(siteId, event) {
      send([ROOMS.site(siteId)], 'closing-soon', event);
    },
    site(site) {
      send(null, 'site', site);
    },
    sessionChanged(userId) {
      sent('session-changed');
      endSessionHere(userId);
      if (io.adapter() !== singleProcessAdapter) io.serverSideEmit(END_SESSION, userId);
    },
  };
}
