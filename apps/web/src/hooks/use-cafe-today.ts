import type { CafeDay } from '@cafe/shared';
import { cafeToday } from '@/lib/cafe-time';
import { useNow } from './use-now';

/**
 * Today in `timeZone` (a site's: the screen's, from api/site-state.tsx), kept current on a screen
 * that stays open past midnight.
 */
export function useCafeToday(timeZone: string): CafeDay {
  return cafeToday(timeZone, useNow());
}
