import {
  CLOSING_WARNING_MINUTES,
  scheduledChanges,
  venuesClosedBy,
  type ClosingSoonEvent,
  type Venue,
} from '@cafe/shared';
import { useCallback, useState } from 'react';
import { useSchedule } from '@/api/schedule';
import { useScreenSite } from '@/api/site-state';
import { useLiveEvent } from '@/lib/socket';
import { useOpeningNow } from './use-opening-now';

export interface ClosingSoon {
  venue: Venue;
  at: Date;
}

/**
 * A venue of the screen's site (the staff site on staff screens, else the home site) that is open
 * now and closes by the schedule within the next few minutes, or null. The server's `closing-soon`
 * event shows it at once (the live channel follows that same site); a screen opened after the
 * event works it out from the site's schedule with the same rule. Gone once the closing time has passed.
 */
export function useClosingSoon(): ClosingSoon | null {
  const [heard, setHeard] = useState<ClosingSoonEvent | null>(null);
  const handleClosingSoon = useCallback((event: ClosingSoonEvent) => setHeard(event), []);
  useLiveEvent('closing-soon', handleClosingSoon);
  const here = useScreenSite();
  const schedule = useSchedule({ siteId: here.siteId }).data;
  const { status, timeZone: cafeTimeZone } = here;
  const now = useOpeningNow();

  const candidates: ClosingSoon[] = heard ? [{ venue: heard.venue, at: new Date(heard.at) }] : [];
  if (schedule?.automatic) {
    const until = new Date(now.getTime() + CLOSING_WARNING_MINUTES * 60_000);
    for (const change of scheduledChanges(schedule, now, until, cafeTimeZone)) {
      for (const venue of venuesClosedBy(change)) candidates.push({ venue, at: change.at });
    }
  }
  const isOpen = (venue: Venue) => (venue === 'cafe' ? status?.isCafeOpen : status?.isBarOpen) === true;
  return (
    candidates
      .filter((c) => c.at.getTime() > now.getTime() && isOpen(c.venue))
      .sort((a, b) => a.at.getTime() - b.at.getTime())[0] ?? null
  );
}
