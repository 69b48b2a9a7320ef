import type { CafeStatus, MenuEvent, OrderingStatus, OrdersEvent, QueueEvent, Site } from '@cafe/shared';
import type { ClosingSoonEvent, LiveEventName, LiveEventPayload, Schedule } from '@cafe/shared';
import type { Run } from '@cafe/shared';
import type { LiveLog, LoggedEvent, Reread } from './live-log';
import { relayCarrierOf, relayGateOf } from './relay-gate';
import { ROOMS, type LiveServer } from './socket';

/**
 * Live events, sent by services after their write has committed. The methods name the ideas
 * (shop status, busy mode); the events on the wire keep the contract's names (`cafe-status`,
 * `ordering-status`). What happens at a site reaches that site only: its board (baristas and
 * admins looking at it) and its people.
 */
export interface LiveEvents {
  /**
   * An order of a site was placed or moved on: to the site's board and to the order's owner.
   * `current` reads the order's event as it is now: the event is sent as it is when numbered (the
   * orders of a burst are read in one statement: `read` gets all their ids, `toEvent` makes this
   * event of what it found for this one, or null).
   */
  order(siteId: number, event: OrdersEvent, current?: CurrentOrder): void;
  /**
   * A venue's queue at a site moved: to the site's board, and to the people with an order waiting
   * at the site (its `waiting` room: one name on the wire, however long the line). Those ahead of
   * the move find nothing in it to change. A line's first event in its window goes at once; those
   * after it in that time wait for it to end and go as one: the latest wait inputs, and the moves
   * made meanwhile (`moves`, each with its `at`). The window is a second, longer for a long line
   * (queueWindowMs).
   */
  queue(siteId: number, event: QueueEvent): void;
  /** A person has an order waiting in a line of a site (placed, released, put back): their connections hear its `queue` events. */
  waiting(userId: number, siteId: number): void;
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
   * A coffee run changed (a drink added, withdrawn or moved on, the run closed): the run as it is
   * now, to the people named (its runner and those with a drink in it), in their own rooms, so the
   * runner hears "ready" as the counter's screens do. Not numbered: a person's page reads the run
   * again after a reconnect.
   */
  run(run: Run, userIds: readonly number[]): void;
  /**
   * A user's role or availability changed: their live connections are closed with the event
   * `session-changed` first, so the client reconnects and joins the rooms of the new role.
   */
  sessionChanged(userId: number): void;
  /** Resolves once every site event asked for so far is numbered and sent (before closing; tests). */
  settled(): Promise<void>;
}

/** How an `orders` event is read again when it is numbered (`LiveEvents.order`). */
export type CurrentOrder = CurrentRead<OrdersEvent>;

/** How an event is read again when it is numbered: the shared read, and the event made of what it found. */
type CurrentRead<T> = Omit<Reread, 'id' | 'take'> & { toEvent: (found: unknown) => T | null };

/** What the live events of a site need to be numbered and kept (realtime/live-log.ts). */
export interface LiveSequencing {
  log: LiveLog;
  /** Told when an event could not be numbered (the database is away): it is sent without a number. */
  warn: (error: unknown, event: LiveEventName) => void;
}

/** What a line's `queue` window holds until it ends (LiveEvents.queue). */
interface PendingQueue {
  siteId: number;
  /** The latest event asked for: its wait inputs are sent. */
  event: QueueEvent;
  /** The moves among them (an order left or joined the line), each with when it was made. */
  moves: NonNullable<QueueEvent['moves']>;
}

/**
 * An event waiting for its number; `send` sends it with it (null: it could not be numbered), to
 * this process's clients only when the numbering sent it to the other processes (`relayed`).
 */
interface Waiting extends LoggedEvent {
  send: (seq: number | null, relayed?: boolean) => void;
}

/**
 * How often at most a line (a venue of a site, one day) sends a `queue` event from one process.
 * In a rush every drink taken or finished moves the line: each event goes to everyone waiting at
 * the site, a thousand frames a drink, to move a place and an estimate. The first change goes at
 * once; those in the next second go together when it ends.
 */
export const QUEUE_EVERY_MS = 1000;

/**
 * A long line is heard by many phones: each event goes to all of them (decision 0122). Its window
 * grows by a second for each QUEUE_WINDOW_PER_SECOND drinks waiting in it, up to QUEUE_MAX_EVERY_MS:
 * a line of up to 100 sends once a second, one of 401 or more once in five.
 */
const QUEUE_WINDOW_PER_SECOND = 100;
export const QUEUE_MAX_EVERY_MS = 5000;

/** How long a line's window lasts after it sent `event` (decision 0122). */
export function queueWindowMs(event: QueueEvent): number {
  // The pace model's inputs do not list the line: its windows stay a second.
  const waiting = event.wait.line?.length ?? 0;
  const seconds = Math.max(1, Math.ceil(waiting / QUEUE_WINDOW_PER_SECOND));
  return Math.min(QUEUE_MAX_EVERY_MS, seconds * QUEUE_EVERY_MS);
}

/** The message between server processes that asks each to end a user's connections it holds. */
const END_SESSION = 'end-session';

/**
 * The events themselves are the contract's (LIVE_EVENT_SCHEMAS in packages/shared); this module
 * only says who receives each. `sent` hears every event once as it leaves (the metrics count them).
 */
export function createLiveEvents(
  io: LiveServer,
  sent: (event: LiveEventName) => void = () => {},
  sequencing?: LiveSequencing,
): LiveEvents {
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

  /**
   * Per site, the events of this process waiting for their numbers, in the order they were asked
   * for, and the run that numbers and sends them: everything that waits is numbered in one
   * transaction and sent in that order, so this process sends a site's events in the order of their
   * numbers (another process's may interleave; the clients order them by number), and a burst
   * costs one round trip, not one per event.
   */
  const waiting = new Map<number, { events: Waiting[]; run: Promise<void> }>();

  /** Numbers and sends a site's waiting events until none is left. */
  async function pump(
    siteId: number,
    log: LiveSequencing['log'],
    warn: LiveSequencing['warn'],
    held: () => void,
  ): Promise<void> {
    let release = held;
    const carrier = relayCarrierOf(io);
    for (let queue = waiting.get(siteId); queue && queue.events.length > 0; queue = waiting.get(siteId)) {
      const batch = queue.events.splice(0);
      try {
        const { first, relayed } = await log.record(siteId, batch, carrier);
        batch.forEach((item, i) => item.send(first + i, relayed));
      } catch (error) {
        // Better late news without a number than none: a client that sees an event without one
        // reads everything again at its next reconnect.
        for (const item of batch) {
          warn(error, item.event as LiveEventName);
          item.send(null);
        }
      } finally {
        release();
        // The next batch holds them again, from its numbering to its sending.
        release = relayGateOf(io).hold();
      }
    }
    release();
    waiting.delete(siteId);
  }

  /** Sends an event of a site with the site's next number, after the ones asked for before it. */
  function sendToSite<E extends LiveEventName>(
    siteId: number,
    rooms: string[],
    event: E,
    asked: LiveEventPayload<E>,
    current?: CurrentRead<LiveEventPayload<E>> & { id: number },
  ): void {
    if (!sequencing) {
      send(rooms, event, asked);
      return;
    }
    let payload = asked;
    const item: Waiting = {
      event,
      rooms,
      payload: (seq) => ({ ...payload, siteId, seq }),
      reread: current && {
        id: current.id,
        read: current.read,
        orderVersion: current.orderVersion,
        known: current.known,
        take: (found) => {
          payload = current.toEvent(found) ?? payload;
        },
      },
      send: (seq, relayed) => {
        const numbered = (seq === null ? { ...payload, siteId } : { ...payload, siteId, seq }) as LiveEventPayload<E>;
        const carrier = relayed ? relayCarrierOf(io) : undefined;
        if (!carrier) {
          send(rooms, event, numbered);
          return;
        }
        // The other processes were sent it with its number (decision 0119).
        sent(event);
        carrier.local(rooms, event, numbered);
      },
    };
    const queue = waiting.get(siteId);
    if (queue) {
      queue.events.push(item);
      return;
    }
    const started = { events: [item], run: Promise.resolve() };
    waiting.set(siteId, started);
    // What this process tells the other processes from now on (in this run too: a change drops
    // their copies as it announces itself) waits for these events' relays and leaves with them.
    const held = relayGateOf(io).hold();
    // Numbered once the code that asked has run to its end (a microtask): the events one change
    // asks for together (an order's and its line's) are numbered in one statement.
    started.run = Promise.resolve().then(() => pump(siteId, sequencing.log, sequencing.warn, held));
  }

  function sendQueue(siteId: number, event: QueueEvent): void {
    sendToSite(siteId, [ROOMS.staff(siteId), ROOMS.waiting(siteId)], 'queue', event);
  }

  /**
   * The lines that sent a `queue` event less than their window ago (queueWindowMs), each with what
   * was asked for since: the latest event and the moves among them (an order left or joined the
   * line). When the time ends they go as one event: the latest wait inputs, and the moves in the
   * order they were made, each with when it was made (`moves`).
   */
  const lines = new Map<string, { timer: NodeJS.Timeout; pending: PendingQueue | null }>();

  function openQueueWindow(key: string, sent: QueueEvent): void {
    const timer = setTimeout(() => endQueueWindow(key, true), queueWindowMs(sent));
    timer.unref();
    lines.set(key, { timer, pending: null });
  }

  /** Sends what waited in a line's window; `again`: that send opens the next window. */
  function endQueueWindow(key: string, again: boolean): void {
    const line = lines.get(key);
    if (!line) return;
    clearTimeout(line.timer);
    lines.delete(key);
    const pending = line.pending;
    if (!pending) return;
    if (again) openQueueWindow(key, pending.event);
    const { siteId, event, moves } = pending;
    if (moves.length === 0) sendQueue(siteId, event);
    else {
      const { at: _latest, ...latest } = event;
      sendQueue(siteId, {
        ...latest,
        left: null,
        joined: null,
        moves,
      });
    }
  }

  io.sockets.on(END_SESSION, (userId: unknown) => {
    if (typeof userId === 'number') endSessionHere(userId);
  });

  return {
    async settled() {
      for (const key of [...lines.keys()]) endQueueWindow(key, false);
      while (waiting.size > 0) await Promise.all([...waiting.values()].map((queue) => queue.run));
    },
    order(siteId, event, current) {
      sendToSite(
        siteId,
        [ROOMS.staff(siteId), ROOMS.user(event.userId)],
        'orders',
        event,
        current && { ...current, id: event.id },
      );
    },
    queue(siteId, event) {
      const key = `${siteId}/${event.categoryFor}/${event.day}`;
      const line = lines.get(key);
      if (!line) {
        sendQueue(siteId, event);
        openQueueWindow(key, event);
        return;
      }
      const moves = line.pending?.moves ?? [];
      if (event.left !== null || event.joined !== null)
        moves.push({ left: event.left, joined: event.joined, at: event.at });
      line.pending = { siteId, event, moves };
    },
    waiting(userId, siteId) {
      // Every process's connections of the person (through a cluster adapter: one small message).
      io.in(ROOMS.user(userId)).socketsJoin(ROOMS.waiting(siteId));
    },
    shopStatus(siteId, status) {
      sendToSite(siteId, [ROOMS.site(siteId)], 'cafe-status', status);
    },
    busyMode(siteId, status) {
      sendToSite(siteId, [ROOMS.site(siteId)], 'ordering-status', status);
    },
    menu(event, siteId) {
      if (siteId === undefined) send(null, 'menu', event);
      else sendToSite(siteId, [ROOMS.site(siteId)], 'menu', event);
    },
    schedule(siteId, schedule) {
      sendToSite(siteId, [ROOMS.site(siteId)], 'schedule', schedule);
    },
    closingSoon(siteId, event) {
      sendToSite(siteId, [ROOMS.site(siteId)], 'closing-soon', event);
    },
    site(site) {
      send(null, 'site', site);
    },
    run(run, userIds) {
      const rooms = [...new Set(userIds)].map((id) => ROOMS.user(id));
      if (rooms.length > 0) send(rooms, 'run', run);
    },
    sessionChanged(userId) {
      sent('session-changed');
      endSessionHere(userId);
      if (io.adapter() !== singleProcessAdapter) io.serverSideEmit(END_SESSION, userId);
    },
  };
}
