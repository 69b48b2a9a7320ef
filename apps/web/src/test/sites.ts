// Two sites of a test company, as GET /sites answers them: the first (default) one in Bangkok, the
// second in Berlin.
import type { Site } from '@cafe/shared';

/** A site as GET /sites answers it: in Bangkok, both venues, the cafe open, unless `more` says otherwise. */
export function siteOf(id: number, name: string, more: Partial<Site> = {}): Site {
  return {
    id,
    name,
    latitude: 13.7466,
    longitude: 100.5393,
    radiusKm: 1,
    timeZone: 'Asia/Bangkok',
    venues: { cafe: true, bar: true },
    status: { isCafeOpen: true, isBarOpen: false },
    archived: false,
    ...more,
  };
}

export const HEAD_OFFICE: Site = siteOf(1, 'Head office');

export const BERLIN_OFFICE: Site = siteOf(2, 'Berlin office', {
  latitude: 52.52,
  longitude: 13.405,
  timeZone: 'Europe/Berlin',
  venues: { cafe: true, bar: false },
  status: { isCafeOpen: false, isBarOpen: false },
});
