import type { CafeDay } from '@cafe/shared';
import { useSettings } from '@/api/settings';
import { cafeToday } from '@/lib/cafe-time';
import { useNow } from './use-now';

/** Today in the cafe's zone, kept current on a screen that stays open past midnight. */
export function useCafeToday(): CafeDay {
  const { cafeTimeZone } = useSettings();
  return cafeToday(cafeTimeZone, useNow());
}
