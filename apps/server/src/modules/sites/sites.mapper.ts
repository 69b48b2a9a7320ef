import type { Site } from '@cafe/shared';
import type { SiteRow } from './sites.repository';

/** A sites row as the contract shows it. */
export function toSite(row: SiteRow): Site {
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
  };
}
