import { useEffect, useState } from 'react';
import { cafeToday } from '../../../lib/cafe-time';

/** Today's cafe day, kept current on a tablet that stays on overnight. */
export function useCafeToday(): string {
  const [today, setToday] = useState(() => cafeToday());
  useEffect(() => {
    const timer = setInterval(() => setToday(cafeToday()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
