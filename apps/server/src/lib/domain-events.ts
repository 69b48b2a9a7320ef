import type { CategoryFor, OrderStatus, PeopleText } from '@cafe/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../db/types';
import type { AuditRecord } from './audit-record';

/*
 * What happened, for what follows it (docs/decisions/0045-one-core.md). A module that changes its
 * state emits one of these after its transaction committed; the modules whose work follows the
 * change (the audit log, notifications, busy mode's automatic pause, orders that can no longer be
 * served, the opening of a new site's menu and hours) subscribe to it, instead of the writing
 * module calling each of them. The writing module then depends on none of them.
 *
 * `emit` waits for every handler, one after the other, so the request that made the change answers
 * once its effects are done (a test, or the next screen, reads them at once). A handler that fails
 * is logged and does not undo the change, which is already committed.
 *
 * The few effects that must commit with the change itself (an order's notifications in the outbox,
 * a new site's menu rows and hours) are `within` handlers: they run inside the writer's transaction.
 */

/** A change worth an audit entry: who, what, where, before and after (audit-record.ts). */
export type Change = AuditRecord;

/** After-commit events and their payloads. */
export interface DomainEventMap {
  /** A site was added, changed (name, position, venues, pickup settings) or archived. */
  'site.changed': { siteId: number; changes: readonly Change[] };
  /** A venue of a site opened or closed, by a person or by the opening hours. */
  'shop-status.changed': {
    siteId: number;
    before: { isCafeOpen: boolean; isBarOpen: boolean };
    after: { isCafeOpen: boolean; isBarOpen: boolean };
    /** The venues whose waiting orders go with the close (the opening hours' scheduled closes). */
    closeWaiting: readonly CategoryFor[];
    changedBy: number;
    changes: readonly Change[];
  };
  /** A pickup screen's link of a site was made or revoked (modules/display). */
  'display.changed': { siteId: number; changes: readonly Change[] };
  /** Busy mode's settings of a site changed by hand. */
  'busy.changed': { siteId: number; changes: readonly Change[] };
  /** A site's weekly hours or closed days changed. */
  'schedule.changed': { siteId: number; changes: readonly Change[] };
  /** The menu, an option group, or what a site serves or has sold out changed. */
  'menu.changed': { siteId: number | null; changes: readonly Change[] };
  /** A person's role, availability or name changed, or their account was deleted. */
  'user.changed': {
    userId: number;
    /** Their sessions end (a role or availability change, a deletion). */
    endSessions: boolean;
    /** The role they have now, when it changed. */
    role?: string;
    /** Their home site, when known. */
    homeSiteId?: number | null;
    changes: readonly Change[];
  };
  /** A barista's judgement about an order at the counter: its tumbler not here or found, handed over, not collected. */
  'order.counter': { siteId: number; changes: readonly Change[] };
  /**
   * Orders of a site were placed or moved on here: its queue changed (busy mode may pause or
   * resume). `told`: the other processes were told the row (decision 0123), and hear it as
   * `orders.told`.
   */
  'orders.changed': { siteId: number; told: boolean };
  /** Another process placed or moved on an order of a site, and told this one its row (decision 0123). */
  'orders.told': { siteId: number };
  /** An order moved (taken, finished, picked up, rejected, released, undone); `notified`: its owner has messages in the outbox. */
  'order.moved': { orderId: number; siteId: number; notified: boolean };
  /** A standing order could not be placed on its day (modules/standing); its owner was told in the same transaction. */
  'standing.failed': StandingFailure & { notified: boolean };
  /** A standing order placed its day's order for later. */
  'standing.placed': { standingOrderId: number; userId: number; orderId: number; day: string };
}

/** Effects that commit with the change: they run inside the writer's transaction. */
export interface WithinEventMap {
  /** A new site: its menu rows and its first hours. */
  'site.created': { siteId: number; venues: { cafe: boolean; bar: boolean }; by: number };
  /** An order is moving: its owner's notifications go into the outbox with the move. Answers whether any were written. */
  'order.moving': OrderMove;
  /** An account is being disabled: its sessions end with it. */
  'user.disabling': { userId: number };
  /** A standing order could not be placed: its owner's notifications go into the outbox with the day's record. */
  'standing.failing': StandingFailure;
}

/** What the outbox needs to tell a person their standing order was not placed today. */
export interface StandingFailure {
  userId: number;
  standingOrderId: number;
  /** The site's calendar day it was for, and its pickup time there (HH:mm). */
  day: string;
  time: string;
  /** The drink's name (the menu item), or null when not known (no usual). */
  drink: string | null;
  siteId: number;
  siteName: string;
  /** The placement decision's refusal (or why it could not be tried), as the person reads it. */
  code: string;
  /** In English (the day's record keeps it). */
  reason: string;
  /** The same in the people catalogue's words: each channel says it in its recipient's language. */
  reasonText?: PeopleText;
}

/** What the outbox needs to tell an order's owner of a move. */
export interface OrderMove {
  userId: number;
  to: OrderStatus;
  /** Set when a barista took back a move: the status it had. */
  undone?: OrderStatus | undefined;
  /** An order for later that joined the queue. */
  released?: boolean;
  /**
   * Not a move: its tumbler was marked not here, its owner is reminded of the finished drink, or it
   * will be more than 2 minutes later than promised (late-notice.ts).
   */
  notice?: 'tumbler-missing' | 'reminder' | 'late';
  order: {
    orderId: number;
    drink: string;
    status: OrderStatus;
    siteId: number;
    siteName: string;
    siteTimeZone: string;
    counter: CategoryFor;
    rejectNote: string | null;
    pickupAt: string | null;
    /** A tumbler marked not here: when the order is cancelled unless it is found. */
    tumblerDeadline?: string | null;
    /** A drink later than promised (`late`): when it is now expected ready. */
    readyAt?: string | null;
  };
}

type Handler<P> = (payload: P) => Promise<void> | void;
type WithinHandler<P> = (trx: Db, payload: P) => Promise<boolean | void>;
/** A write to make with the writer's change, read and built before its transaction. */
export interface WithinWrite {
  /** Makes the write inside the writer's transaction; answers whether it wrote anything. */
  run(trx: Db): Promise<boolean>;
  /**
   * PostgreSQL: the same write as a statement that writes only when `condition` holds, for a
   * writer that makes it part of its own statement (a data-modifying CTE): one round trip for the
   * change and everything that commits with it.
   */
  onlyWhen?: (condition: Expression<SqlBool>) => Expression<unknown>;
  /**
   * PostgreSQL: what the handler will need for a later change, read beside the writer's statement
   * (a column of its answer, no round trip of its own) and handed to `take`. A write of only this
   * writes nothing (`run` answers false).
   */
  readBeside?: ReadBeside;
}

/** A value selected beside a writer's statement (`select`), handed to `take` once it answered. */
export interface ReadBeside {
  select: Expression<unknown>;
  take(value: unknown): void;
}
/** Reads what a write needs before the transaction, and answers the write (null: nothing to write). */
type PreparedHandler<P> = (payload: P) => Promise<WithinWrite | null>;

export interface DomainEvents {
  on<E extends keyof DomainEventMap>(event: E, handler: Handler<DomainEventMap[E]>): void;
  /** Tells every handler, in the order they subscribed; resolves when all are done. */
  emit<E extends keyof DomainEventMap>(event: E, payload: DomainEventMap[E]): Promise<void>;
  within<E extends keyof WithinEventMap>(event: E, handler: WithinHandler<WithinEventMap[E]>): void;
  /** Runs the handlers inside `trx`; a failure fails the transaction. Answers whether any handler said it did something. */
  emitWithin<E extends keyof WithinEventMap>(trx: Db, event: E, payload: WithinEventMap[E]): Promise<boolean>;
  /**
   * A handler of an effect that commits with the change but reads what it needs before the
   * writer's transaction begins (from memory, mostly), so that the transaction holds its locks
   * for the writes alone, and a change nobody needs to write with goes without one.
   */
  prepared<E extends keyof WithinEventMap>(event: E, handler: PreparedHandler<WithinEventMap[E]>): void;
  /**
   * Asks the handlers for their writes, before the transaction: the prepared ones read what they
   * need now (outside it: on SQLite a read inside would wait for the transaction's own
   * connection), those of `within` run inside it as they are. The writer runs each inside its
   * transaction (`runWithin`). emitWithin does not run the prepared ones.
   */
  prepareWithin<E extends keyof WithinEventMap>(event: E, payload: WithinEventMap[E]): Promise<WithinWrite[]>;
}

/** Runs prepared writes inside `trx`; answers whether any wrote something. */
export async function runWithin(trx: Db, writes: readonly WithinWrite[]): Promise<boolean> {
  let did = false;
  for (const write of writes) if (await write.run(trx)) did = true;
  return did;
}

export function createDomainEvents(log: FastifyBaseLogger): DomainEvents {
  const handlers = new Map<string, Handler<never>[]>();
  const withinHandlers = new Map<string, WithinHandler<never>[]>();
  const preparedHandlers = new Map<string, PreparedHandler<never>[]>();
  async function prepareWithin<P>(event: string, payload: P): Promise<WithinWrite[]> {
    // A handler that runs inside the transaction (`within`) is a write of its own there.
    const writes: WithinWrite[] = (withinHandlers.get(event) ?? []).map((handler) => ({
      run: async (trx) => (await (handler as WithinHandler<P>)(trx, payload)) === true,
    }));
    for (const handler of preparedHandlers.get(event) ?? []) {
      const write = await (handler as PreparedHandler<P>)(payload);
      if (write) writes.push(write);
    }
    return writes;
  }
  return {
    on(event, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
    async emit(event, payload) {
      for (const handler of handlers.get(event) ?? []) {
        try {
          await (handler as Handler<typeof payload>)(payload);
        } catch (error) {
          log.warn({ err: error, event }, 'a change was saved but what follows it failed');
        }
      }
    },
    within(event, handler) {
      withinHandlers.set(event, [...(withinHandlers.get(event) ?? []), handler]);
    },
    async emitWithin(trx, event, payload) {
      let did = false;
      for (const handler of withinHandlers.get(event) ?? []) {
        if ((await (handler as WithinHandler<typeof payload>)(trx, payload)) === true) did = true;
      }
      return did;
    },
    prepared(event, handler) {
      preparedHandlers.set(event, [...(preparedHandlers.get(event) ?? []), handler]);
    },
    prepareWithin,
  };
}

/**
 * Runs `work` in a transaction, noting the menu's changes as it makes them, and emits
 * `menu.changed` with them once it committed (the menu and the drink options).
 */
export async function changeMenu<T>(
  ctx: { db: Db; domainEvents: DomainEvents },
  siteId: number | null,
  work: (trx: Db, note: (change: Change) => void) => Promise<T>,
): Promise<T> {
  const changes: Change[] = [];
  const result = await ctx.db.transaction().execute((trx) => work(trx, (change) => changes.push(change)));
  if (changes.length > 0) await ctx.domainEvents.emit('menu.changed', { siteId, changes });
  return result;
}
