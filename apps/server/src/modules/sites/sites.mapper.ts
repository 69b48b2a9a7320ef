import type { PickupSettings, Site } from '@cafe/shared';
import type { SiteRow } from './sites.repository';

/** A site as the rest of the server works with it: the contract's shape and what only the server reads. */
export interface SiteRecord extends Site {
  /** When the shop status was last set and by whom (null: nobody yet). */
  statusChange: { at: string; by: number | null };
  /** Busy mode as set: paused by hand, and the limits that pause new orders by themselves. */
  busy: { paused: boolean; maxWaiting: number | null; maxWaitMinutes: number | null };
  /** How it takes orders for later (docs/api.md, "Orders for later"). */
  pickup: PickupSettings;
}

/** A sites row as the server works with it: the contract's fields first, then its own. */
export function toRecord(row: SiteRow): SiteRecord {
  return {
    id: row.id,
    name: row.name,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    radiusKm: Number(row.radius_km),
    timeZone: row.time_zone,
    venues: { cafe: row.runs_cafe !== 0, bar: row.runs_bar !== 0 },
    status: { isBarOpen: row.is_bar_open !== 0, isCafeOpen: row.is_cafe_open !== 0 },
    archived: row.archived_at !== null,
    statusChange: { at: row.status_updated_at ?? '', by: row.status_updated_by },
    busy: { paused: row.paused === 1, maxWaiting: row.max_waiting, maxWaitMinutes: row.max_wait_minutes },
    pickup: {
      slotMinutes: row.slot_minutes,
      leadMinutes: row.lead_minutes,
      daysAhead: row.days_ahead,
      slotCapacity: row.slot_capacity,
      tumblerGraceMinutes: Math.round(row.tumbler_grace_seconds / 60),
      readyReminderMinutes: Math.round(row.ready_reminder_seconds / 60),
      uncollectedAfterMinutes: Math.round(row.uncollected_after_seconds / 60),
      prepTargetMinutes: Math.round(row.prep_target_seconds / 60),
      displayNames: row.display_names,
    },
  };
}
