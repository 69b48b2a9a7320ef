import { peopleText, TIMELINE_NOTES, type ClaimBody, type Order, type OrderStatus } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { conflict, refusal } from '../../lib/errors';
import { iso } from '../../lib/time';
import { writeClaim } from './claims.repository';
import type { OrdersCore, OrdersDeps } from './orders.context';
import { toOrder } from './orders.mapper';
import type { OrderRow } from './orders.repository';

/** The statuses in which an order can be taken: still to be made, or being made. */
const CLAIMABLE: readonly OrderStatus[] = ['scheduled', 'ordered', 'in-progress'];

/** 409 ORDER_CLAIMED: another barista is making the order, named (the people catalogue words it). */
export const claimedRefusal = (row: Pick<OrderRow, 'claimed_by_name'>) =>
  refusal(409, 'ORDER_CLAIMED', peopleText('people.refusal.orderClaimed', { name: row.claimed_by_name ?? '?' }));

/** 409 INVALID_TRANSITION: the order changed between its read and its guarded write. */
export const changedMeanwhile = () =>
  conflict(
    'INVALID_TRANSITION',
    'The order changed meanwhile; look at it again.',
    peopleText('people.orders.changedMeanwhile'),
  );

/**
 * Whether another barista than `userId` is making the order as it is now: one that can still be
 * taken (not finished, cancelled or rejected) that someone else has, by a claim or by their Do.
 */
export const heldByAnother = (row: Pick<OrderRow, 'status' | 'claimed_by'>, userId: number) =>
  CLAIMABLE.includes(row.status) && row.claimed_by !== null && row.claimed_by !== userId;

/**
 * Who makes what at the counter (docs/decisions/0074-claims-and-totals.md): a barista takes an
 * order, gives it back, or takes it over from another (a shift change). Each is one guarded write
 * with its timeline entry, so of two baristas taking one order at once exactly one gets it.
 */
export function createClaims(ctx: AppBase, deps: OrdersDeps, core: OrdersCore) {
  /** POST /order/barista/{id}/claim. */
  async function claim(user: AuthUser, id: number, body: ClaimBody): Promise<Order> {
    const row = await core.load(id);
    await deps.sites.forStaff(user, row.site_id);
    if (!CLAIMABLE.includes(row.status)) {
      throw conflict(
        'INVALID_TRANSITION',
        `An order that is ${row.status} cannot be taken or given back.`,
        peopleText('people.orders.cannotClaim', { status: row.status }),
      );
    }
    const to = body.claim ? user.id : null;
    // Already as asked: nothing changes (a second tap).
    if (row.claimed_by === to) return toOrder(row);
    const others = row.claimed_by !== null && row.claimed_by !== user.id;
    if (others && !body.takeOver) throw claimedRefusal(row);
    const at = iso(ctx.clock.now());
    // Taken as it was read (nobody, me, or the one taken over from), never from someone who took it meanwhile.
    const heldBy = [...new Set([row.claimed_by, ...(body.claim ? [null, user.id] : [user.id])])];
    const note = body.claim ? TIMELINE_NOTES.claimed : TIMELINE_NOTES.released;
    const entry = { changedBy: user.id, note };
    const change = { id, status: row.status, to, heldBy, at };
    const written =
      ctx.dialect === 'postgres'
        ? await writeClaim(ctx.db, ctx.dialect, change, entry)
        : await ctx.db.transaction().execute((trx) => writeClaim(trx, ctx.dialect, change, entry));
    if (!written) {
      const now = await core.load(id);
      // Another barista took it meanwhile, by a claim or by a Do that started it: they are named.
      if (heldByAnother(now, user.id)) throw claimedRefusal(now);
      throw changedMeanwhile();
    }
    const updated: OrderRow = { ...row, ...written, claimed_by_name: to === null ? null : user.name };
    core.ordersChanged({});
    core.announce(updated, row.status);
    return toOrder(updated);
  }

  return { claim };
}
