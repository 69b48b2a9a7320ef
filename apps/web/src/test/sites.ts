// Two sites of a test company, as GET /sites answers them: the first (default) one in Bangkok, the
// second in Berlin.
import type { Site } from '@cafe/shared';

export const HEAD_OFFICE: Site = {
  id: 1,
  name: 'Head office',
  latitude: 13.7466,
  longitude: 100.5393,
  radiusKm: 1,
  timeZone: 'Asia/Bangkok',
  venues: { cafe: true, bar: true },
  status: { isCafeOpen: true, isBarOpen: false },
  archived: false,
};

export const BERLIN_OFFICE: Site = {
  id: 2,
  name: 'Berlin office',
  latitude: 52.52,
  longitude: 13.405,
  radiusKm: 1,
  timeZone: 'Europe/Berlin',
  venues: { cafe: true, bar: false },
  status: { isCafeOpen: false, isBarOpen: false },
  archived: false,
};
