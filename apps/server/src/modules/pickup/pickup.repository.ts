import { UNCOUNTED_ORDER_STATUSES, type PickupSettingsPatch } from '@cafe/shared';
import type { Updateable } from 'kysely';
import type { Db, SitesTable } from '../../db/types';

/** Drinks ordered for each slot of a site from `from` on (orders not cancelled or rejected), by the slot's start. */
export async function takenBySlot(db: Db, siteId: number, from: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['pickup_at', eb.fn.countAll<number>().as('n')])
    .where('site_id', '=', siteId)
    .where('pickup_at', '>=', from)
    .where('status', 'not in', UNCOUNTED_ORDER_STATUSES)
    .groupBy('pickup_at')
    .execute();
  return new Map(rows.flatMap((r) => (r.pickup_at ? [[r.pickup_at, Number(r.n)] as const] : [])));
}

/** Drinks ordered for one slot of a site (in the placement's transaction). */
export async function drinksForSlot(db: Db, siteId: number, pickupAt: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .where('pickup_at', '=', pickupAt)
    .where('status', 'not in', UNCOUNTED_ORDER_STATUSES)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A site's pickup settings, as an admin or barista set them (their columns of the sites row). */
export async function savePickupSettings(db: Db, siteId: number, patch: PickupSettingsPatch): Promise<void> {
  const changes: Updateable<SitesTable> = {};
  if (patch.slotMinutes !== undefined) changes.slot_minutes = patch.slotMinutes;
  if (patch.leadMinutes !== undefined) changes.lead_minutes = patch.leadMinutes;
  if (patch.daysAhead !== undefined) changes.days_ahead = patch.daysAhead;
  if (patch.slotCapacity !== undefined) changes.slot_capacity = patch.slotCapacity;
  if (patch.tumblerGraceMinutes !== undefined) changes.tumbler_grace_seconds = patch.tumblerGraceMinutes * 60;
  if (patch.readyReminderMinutes !== undefined) changes.ready_reminder_seconds = patch.readyReminderMinutes * 60;
  if (patch.uncollectedAfterMinutes !== undefined) {
    changes.uncollected_after_seconds = patch.uncollectedAfterMinutes * 60;
  }
  if (patch.prepTargetMinutes !== undefined) changes.prep_target_seconds = patch.prepTargetMinutes * 60;
  if (patch.displayNames !== undefined) changes.display_names = patch.displayNames;
  if (Object.keys(changes).length > 0) await db.updateTable('sites').set(changes).where('id', '=', siteId).execute();
}
