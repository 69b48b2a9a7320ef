import { useCallback, useEffect, useState } from 'react';
import { useLiveEvent } from '@/lib/socket';

/**
 * "Now" for what the opening hours show (the next opening, a closing notice): every 30 seconds,
 * and at once when the shop status or the schedule changes, since either may have moved it on.
 */
export function useOpeningNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const refresh = useCallback(() => setNow(new Date()), []);
  useLiveEvent('cafe-status', refresh);
  useLiveEvent('schedule', refresh);
  return now;
}
