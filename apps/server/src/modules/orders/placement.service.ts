/**
 * Saving a placement the ordering module decided (modules/ordering, the one door): the order's
 * plan goes into the group commit (placement-commit.ts), where the daily limit, the slot's room and
 * the Idempotency-Key are checked under the owners' locks; and a placement already made with a key
 * is answered again. Whether a placement may be made is not decided here.
 */
import { createHash } from 'node:crypto';
import { dashIfEmpty, type OrderCreateBody } from '@cafe/shared';
import type { AppBase } from '../../context';
import type { OrdersCore, OrdersDeps } from './orders.context';
import type { QueueService } from './queue.service';
import { toReplayedAnswer } from './orders.mapper';
import { findByIdempotencyKey } from './order-writes.repository';
import { createPlacementCommit, keyReused, type Placement } from './placement-commit';

export type { Placement } from './placement-commit';
export type { OrderPlan } from './pending-order';

/**
 * What identifies a placement for its Idempotency-Key: the drink as ordered (and where). The position is left
 * out, since a retry from a phone may carry a slightly different one; so is the diet confirmation.
 */
export function placementFingerprint(body: OrderCreateBody): string {
  const drink = [
    body.menu_id,
    body.type ?? null,
    body.sweetness ?? null,
    dashIfEmpty(body.remark),
    (body.tumblerImage ?? '').trim(),
    // Only when given, so that keys of the placements made before sites still match their orders.
    ...(body.siteId === undefined ? [] : [body.siteId]),
    // The same for the options and the pickup time (issue 19).
    ...(body.options === undefined
      ? []
      : [
          {
            options: body.options.map((o) => [o.choiceId, o.quantity ?? 1]).sort((a, b) => Number(a[0]) - Number(b[0])),
          },
        ]),
    ...(body.pickupAt === undefined ? [] : [{ pickupAt: new Date(body.pickupAt).toISOString() }]),
    // And for a coffee run's drink, its run and cup.
    ...(body.runId === undefined ? [] : [{ runId: body.runId, cup: body.cup ?? 'tumbler' }]),
  ];
  return createHash('sha256').update(JSON.stringify(drink)).digest('hex');
}

/** Saving placements, and answering a placement made before with its key. */
export function createPlacementService(ctx: AppBase, deps: OrdersDeps, core: OrdersCore, queue: QueueService) {
  const { saveOrder } = createPlacementCommit(ctx, deps, core, queue);
  return {
    /** Saves the order of a decided placement (and announces it): the daily limit and the slot's room are counted here. */
    saveOrder,

    /**
     * The order a person already placed with this key, answered again (422 when the key was used
     * for another drink), or null. Asked when a rule refuses: a retry of a placement already made
     * is answered with its order whatever the rules say now.
     */
    async replayedPlacement(userId: number, key: string, fingerprint: string): Promise<Placement | null> {
      const found = await findByIdempotencyKey(ctx.db, userId, key);
      if (!found) return null;
      if (found.fingerprint !== fingerprint) throw keyReused();
      return { order: toReplayedAnswer(await core.load(found.id)), replayed: true };
    },
  };
}
