import { hasTumbler, peopleText, TIMELINE_NOTES, TUMBLER_NOT_FOUND_NOTE, type Order } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { runWithin } from '../../lib/domain-events';
import { findSystemAccountId } from '../../db/system-account';
import { conflict, refusal } from '../../lib/errors';
import { iso } from '../../lib/time';
import {
  auditCounter,
  refuseExpiredUndo,
  unlessRefused,
  type Move,
  type OrdersCore,
  type OrdersDeps,
} from './orders.context';
import { changedMeanwhile } from './claims';
import { earliest } from './release-timer';
import { toOrder, toOrderFacts, tumblerDeadline } from './orders.mapper';
import { lastHistoryEntry } from './order-history.repository';
import { insertHistory } from './order-writes.repository';
import type { OrderRow } from './orders.repository';
import { markedTumblers, setReminded, setTumblerMark, unremindedReady } from './counter-day.repository';

/** Reminders are not sent for drinks finished longer ago than this (a day gone by, or before the upgrade). */
const REMINDER_HORIZON_MS = 2 * 3600_000;

/**
 * The counter's day after Done and around the tumbler (docs/api/counter.md): a barista marks a
 * tumbler not here or found; the timers cancel an order whose tumbler did not come in time and
 * remind the owner of a drink not picked up. The timers run in every process on the server's
 * clock; each write is guarded, so each happens once.
 */
export function createCounterDay(ctx: AppBase, deps: OrdersDeps, core: OrdersCore, move: Move) {
  const { db, clock } = ctx;

  /**
   * A timeline entry that is not a move (the order stays in its status), with its owner's message
   * when `notice` is given, committed with `write`; answers false when `write` found the order changed.
   */
  async function noteChange(
    row: OrderRow,
    note: string,
    changedBy: number,
    write: (trx: typeof db, at: string) => Promise<boolean>,
    notice?: { kind: 'tumbler-missing' | 'reminder'; tumblerDeadline?: string },
  ): Promise<boolean> {
    const at = iso(clock.now());
    const site = await deps.sites.get(row.site_id);
    // The owner's message commits with the note (the outbox); what it needs is read before.
    const writes = notice
      ? await ctx.domainEvents.prepareWithin('order.moving', {
          userId: row.user_id,
          to: row.status,
          notice: notice.kind,
          order: toOrderFacts(row, site, row.status, null, notice.tumblerDeadline),
        })
      : [];
    let notified = false;
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await write(trx, at))) return false;
      await insertHistory(trx, { orderId: row.id, from: row.status, to: row.status, changedBy, note, at });
      notified = await runWithin(trx, writes);
      return true;
    });
    if (!changed) return false;
    await ctx.domainEvents.emit('order.moved', { orderId: row.id, siteId: row.site_id, notified });
    core.ordersChanged({});
    core.announce(await core.load(row.id), row.status);
    return true;
  }

  /** POST /order/barista/{id}/tumbler: the tumbler is not at the counter, or was found (`missing` false). */
  async function markTumbler(user: AuthUser, id: number, missing: boolean, note?: string): Promise<Order> {
    const row = await core.load(id);
    await deps.sites.forStaff(user, row.site_id);
    if (row.status !== 'ordered' && row.status !== 'in-progress') {
      throw conflict(
        'INVALID_TRANSITION',
        `The tumbler of an order that is ${row.status} cannot be marked.`,
        peopleText('people.orders.tumblerCannotMark', { status: row.status }),
      );
    }
    // A coffee run's drink in the runner's tray, a walk-up and a bar order have no tumbler to look for.
    const cup = { categoryFor: row.category_for, walkUp: Number(row.walk_up) === 1, ownCup: Number(row.own_cup) === 1 };
    if (!hasTumbler(cup)) throw refusal(409, 'NO_TUMBLER', peopleText('people.refusal.noTumbler'));
    // Already as asked: nothing changes (a second tap, or two baristas at once).
    if (missing === Boolean(row.tumbler_missing_at)) return toOrder(row);
    // The deadline the owner is told is fixed now: a later change of the site's grace is for later marks.
    const graceSeconds = (await deps.sites.get(row.site_id)).pickup.tumblerGraceMinutes * 60;
    const since = iso(clock.now());
    const changed = await noteChange(
      row,
      note ?? (missing ? TIMELINE_NOTES.tumblerMissing : TIMELINE_NOTES.tumblerFound),
      user.id,
      (trx, at) =>
        setTumblerMark(trx, {
          id: row.id,
          status: row.status,
          from: row.tumbler_missing_at ?? null,
          to: missing ? since : null,
          graceSeconds,
          at,
        }),
      missing ? { kind: 'tumbler-missing', tumblerDeadline: tumblerDeadline(since, graceSeconds) } : undefined,
    );
    const updated = await core.load(id);
    if (!changed && missing !== Boolean(updated.tumbler_missing_at)) throw changedMeanwhile();
    if (changed) {
      const [was, is] = missing ? ['here', 'not here'] : ['not here', 'found'];
      const after = { tumbler: is, ...(note === 'undo' ? { note } : {}) };
      await auditCounter(ctx, user, row, 'order.tumbler', { tumbler: was }, after);
    }
    return toOrder(updated);
  }

  /** Cancels the orders whose tumbler time ran out; answers how many and the next deadline. */
  async function expireTumblers(now: Date, systemId: () => Promise<number>) {
    let expired = 0;
    let nextDue: Date | null = null;
    for (const mark of await markedTumblers(db)) {
      if (!mark.since) continue;
      const deadline = new Date(tumblerDeadline(mark.since, mark.grace));
      if (deadline > now) {
        nextDue = earliest(nextDue, deadline);
        continue;
      }
      // Found, made or moved by someone else first (another process, a barista): left as it is.
      const rejected = await unlessRefused(async () => {
        const row = await core.load(mark.id);
        if (row.tumbler_missing_at !== mark.since) return false;
        const note = TUMBLER_NOT_FOUND_NOTE;
        await move(row, 'barista', 'rejected', await systemId(), { rejectNote: note, note });
        return true;
      });
      if (rejected) expired += 1;
    }
    return { expired, nextDue };
  }

  /** Reminds the owners of finished drinks not picked up in time, once each; answers how many and the next one due. */
  async function remindDue(now: Date, systemId: () => Promise<number>) {
    let reminded = 0;
    let nextDue: Date | null = null;
    const from = new Date(now.getTime() - REMINDER_HORIZON_MS).toISOString();
    for (const ready of await unremindedReady(db, from)) {
      const due = new Date(Date.parse(ready.done_at ?? '') + Number(ready.after) * 1000);
      if (!Number.isFinite(due.getTime())) continue;
      if (due > now) {
        nextDue = earliest(nextDue, due);
        continue;
      }
      const row = await core.load(ready.id);
      const done = await noteChange(
        row,
        TIMELINE_NOTES.reminded,
        await systemId(),
        (trx, at) => setReminded(trx, row.id, at),
        { kind: 'reminder' },
      );
      if (done) reminded += 1;
    }
    return { reminded, nextDue };
  }

  return {
    markTumbler,

    /**
     * The counter's timers at `now` (the release timer runs them with the orders for later): the
     * orders whose tumbler did not come are cancelled, the owners of drinks waiting too long are
     * reminded. Answers what it did and when the next one falls due.
     */
    counterDue: async (now: Date): Promise<{ expired: number; reminded: number; nextDue: Date | null }> => {
      let id: number | undefined;
      const systemId = async () => (id ??= await findSystemAccountId(db));
      const tumblers = await expireTumblers(now, systemId);
      const reminders = await remindDue(now, systemId);
      const nextDue = earliest(tumblers.nextDue, reminders.nextDue);
      return { expired: tumblers.expired, reminded: reminders.reminded, nextDue };
    },

    /** The undo of a tumbler marked not here (it is found after all); null when the last change is something else. */
    undoTumbler: async (user: AuthUser, id: number): Promise<Order | null> => {
      const last = await lastHistoryEntry(db, id);
      if (last?.note !== TIMELINE_NOTES.tumblerMissing) return null;
      refuseExpiredUndo(last.changed_at, clock.now());
      return markTumbler(user, id, false, 'undo');
    },
  };
}

export type CounterDay = ReturnType<typeof createCounterDay>;
