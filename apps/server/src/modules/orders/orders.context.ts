import { LIMITS, peopleText, type AuditAction, type AuditValues } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { OptionsService } from '../options/options.service';
import type { PickupService } from '../pickup/pickup.service';
import type { SitesService } from '../sites/sites.service';
import type { UsersService } from '../users/users.service';
import { createMemoryCache } from '../../lib/cache';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { Order, OrderActor, OrderStatus } from '@cafe/shared';
import { toOrdersEvent } from './orders.mapper';
import { findOrder, findOrders, type OrderRow } from './orders.repository';

/** The modules saving and moving an order needs: where it is, its options and slot, whose it is. */
export interface OrdersDeps {
  sites: SitesService;
  options: OptionsService;
  pickup: PickupService;
  users: UsersService;
}

/**
 * What the order services of this module share (placement, transitions, single-order reads): one
 * order read by id, and the one thing to do after an order was placed or moved on.
 */
export interface OrdersCore {
  /** The order with this id, or 404. */
  load: (id: number) => Promise<OrderRow>;
  /**
   * The order as this process's last write of it (a placement, a move, a claim, a mark) left it,
   * without a read, or undefined (decision 0113). Names, the owner's notes and runs may have
   * changed since: kept only while no account, menu item or site changed, and never for a run's
   * drink. A move made from it verifies it in its own statement (`unchangedSince`).
   */
  known: (id: number) => OrderRow | undefined;
  /** Forgets the known row of an order: it was found changed. */
  forget: (id: number) => void;
  /** After an order of a site was placed or moved on (committed): today's reads are stale. `announce` follows. */
  ordersChanged: (change: OrdersChange) => void;
  /**
   * The live `orders` event of an order placed or moved on (`from`: the status it left), sent as
   * the order is when the event is numbered: read again then, so that a site's events never tell
   * an older state after a newer one (two processes number their events in turn). The other
   * processes are told the row, and `orders.changed` follows here (busy mode, the pickup screens).
   */
  announce: (row: OrderRow, from: OrderStatus | null) => void;
  /**
   * Tells `listener` of every drink of a coffee run placed or moved on (after its commit, as
   * `announce` is told): the run's own live event follows (runs.service).
   */
  onRunDrink: (listener: (runId: number, status: OrderStatus) => void) => void;
}

/** The one move of an order (transitions.service `move`), which the counter's and the release's moves go through. */
export type Move = (
  row: OrderRow,
  actor: OrderActor | 'undo' | 'release',
  to: OrderStatus,
  changedBy: number,
  options?: {
    rejectNote?: string;
    note?: string | null;
    claimer?: AuthUser;
    whileRunOpen?: boolean;
    /** The row is a known one (OrdersCore.known): the move applies only while the order is unchanged since. */
    unchangedSince?: string;
  },
) => Promise<Order>;

/** The queue an order is in: its site, venue and cafe day. */
export type QueueOf = Pick<OrderRow, 'site_id' | 'category_for' | 'cafe_day'>;

/**
 * What an order's change did to today's queues: `paced` names the queue whose wait inputs it
 * changed (a drink started or stopped being made there: `pacedBy`); none for a placement or a move
 * that leaves them (a pick-up, a cancel in the line, a release, a tumbler mark).
 */
export interface OrdersChange {
  paced?: QueueOf;
}

/** The change of a move from `from` to `to` of an order: it paces its queue when a drink starts or stops being made. */
export function pacedBy(row: QueueOf, from: OrderStatus, to: OrderStatus): OrdersChange {
  return from === 'in-progress' || to === 'in-progress' ? { paced: row } : {};
}

/**
 * A move of an order asked for by id (decision 0113): decided first on the order as this
 * process's last write of it left it (no read; the move's statement applies it only while the
 * order is unchanged since, `unchangedSince`), and on any refusal decided again on the order read
 * now, so that what is answered is what a read first would have answered.
 */
export async function onKnownOrder<T>(
  core: Pick<OrdersCore, 'known' | 'forget' | 'load'>,
  id: number,
  work: (row: OrderRow, unchangedSince?: string) => Promise<T>,
): Promise<T> {
  const known = core.known(id);
  if (known) {
    try {
      return await work(known, known.updated_at);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      core.forget(id);
    }
  }
  return work(await core.load(id));
}

/**
 * `work`'s answer, or undefined when it was refused (an AppError: the order was found, made or
 * moved by someone else first, and is left as it is); anything else (the database away) throws.
 */
export async function unlessRefused<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/** 409 UNDO_EXPIRED when a change made at `changedAt` is older than the undo window at `now`. */
export function refuseExpiredUndo(changedAt: string, now: Date): void {
  if (now.getTime() - Date.parse(changedAt) <= LIMITS.undoWindowSeconds * 1000) return;
  throw conflict(
    'UNDO_EXPIRED',
    `The last change of this order is more than ${LIMITS.undoWindowSeconds} seconds old and can no longer be undone.`,
    peopleText('people.orders.undoTooOld', { seconds: LIMITS.undoWindowSeconds }),
  );
}

/** A barista's judgement about someone's order at the counter (`order.counter`): the audit log keeps it. */
export function auditCounter(
  ctx: AppBase,
  actor: AuthUser,
  row: OrderRow,
  action: AuditAction,
  before: AuditValues,
  after: AuditValues,
): Promise<void> {
  const target = { type: 'order' as const, id: row.id };
  return ctx.domainEvents.emit('order.counter', {
    siteId: row.site_id,
    changes: [{ actor, action, target, siteId: row.site_id, before, after }],
  });
}

/** The rows one process's writes left, told to the other processes (decision 0123). */
export const ROW_TOPIC = 'order-row';
/**
 * A row longer than this (bytes of JSON) is not told: the relay stays far under PostgreSQL's
 * 8,000 bytes of a notification, so it never becomes an attachment (a statement of its own).
 */
const ROW_TOLD_MAX_BYTES = 4_000;

export function createOrdersCore(ctx: AppBase, dropTodaysReads: (change: OrdersChange) => void): OrdersCore {
  const runListeners: ((runId: number, status: OrderStatus) => void)[] = [];
  /**
   * The rows this process's writes left, and those the other processes' writes left (they tell
   * them, decision 0123), known: what they show of names and notes follows these topics.
   */
  const rows = createMemoryCache<number, OrderRow>({
    topic: 'order-rows',
    bus: ctx.bus,
    alsoDroppedBy: ['accounts', 'menu-items', 'sites'],
    ttlMs: 10 * 60_000,
    max: 5_000,
  });
  ctx.bus.subscribe(ROW_TOPIC, (told) => {
    const row = rowTold(told);
    if (!row) return;
    // A later write of it here (or told before) is the newer: kept. (A move verifies the row it is
    // decided on in its own statement anyway.)
    const kept = rows.peek(row.id);
    if (!kept || kept.updated_at <= row.updated_at) rows.set(row.id, row);
    // Another process's write changed the site's orders: what follows it here (the pickup screens
    // this process holds) hears it from the row, with no message of its own.
    void ctx.domainEvents.emit('orders.told', { siteId: row.site_id });
  });
  return {
    async load(id) {
      const row = await findOrder(ctx.db, id);
      if (!row) throw notFound('Order', peopleText('people.notFound.order'));
      return row;
    },
    known: (id) => rows.peek(id),
    forget: (id) => rows.drop(id),
    ordersChanged(change) {
      dropTodaysReads(change);
    },
    announce(row, from) {
      // A run's drink shows its place among the run's others, which their own moves change.
      let told = false;
      if (row.run_id === null) {
        rows.set(row.id, row);
        // The other processes keep it too: a move there (the other barista's Do, the owner's
        // pick-up) is decided without a read.
        told = ctx.bus.tellOthers(ROW_TOPIC, () => {
          const text = JSON.stringify(row);
          return Buffer.byteLength(text) <= ROW_TOLD_MAX_BYTES ? text : null;
        });
      } else rows.drop(row.id);
      void ctx.domainEvents.emit('orders.changed', { siteId: row.site_id, told });
      // Waiting in a line now (placed, released, put back): the person hears that line's moves.
      if (row.status === 'ordered') ctx.events.waiting(row.user_id, row.site_id);
      ctx.events.order(row.site_id, toOrdersEvent(row, from), {
        // The order as the write read it after its commit: numbered without a read while it has not moved.
        known: row,
        read: findOrders,
        toEvent: (found) => (found ? toOrdersEvent(found as OrderRow, from) : null),
        orderVersion: (found) => ({ updatedAt: (found as OrderRow).updated_at, status: (found as OrderRow).status }),
      });
      // A run's drink placed or moved on (not a mark or a claim, which leave its status as it was).
      const runId = row.run_id;
      if (runId !== null && from !== row.status) for (const listener of runListeners) listener(runId, row.status);
    },
    onRunDrink(listener) {
      runListeners.push(listener);
    },
  };
}

/** A row another process told (`ROW_TOPIC`), or null when the message holds none. */
function rowTold(told: string | number | null): OrderRow | null {
  if (typeof told !== 'string') return null;
  try {
    const row = JSON.parse(told) as OrderRow | null;
    return row && typeof row.id === 'number' && typeof row.updated_at === 'string' && row.run_id === null ? row : null;
  } catch {
    return null;
  }
}
