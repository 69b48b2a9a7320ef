import { nextOpening, type NextOpening, type Venue } from '@cafe/shared';
import { useSchedule } from '@/api/schedule';
import { useScreenSite } from '@/api/site-state';
import { openingSentence } from '@/lib/opening-hours';
import { useOpeningNow } from './use-opening-now';

/**
 * When each of `venues` of the screen's site (the staff site on staff screens, else the home
 * site) next opens by its schedule, earliest first, in words ("The cafe opens again Monday at
 * 9:00"), in the site's zone: worked out here with the server's own rule, so it moves on by itself
 * as time passes. Empty while the schedule loads, or when nothing ever opens.
 */
export function useNextOpenings(venues: readonly Venue[], options: { enabled?: boolean } = {}): string[] {
  const here = useScreenSite();
  const schedule = useSchedule({ ...options, siteId: here.siteId }).data;
  const cafeTimeZone = here.timeZone;
  const now = useOpeningNow();
  if (!schedule) return [];
  return venues
    .map((venue) => nextOpening(schedule, now, cafeTimeZone, venue))
    .filter((opening): opening is NextOpening => opening !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((opening) => openingSentence(opening, now, cafeTimeZone));
}
