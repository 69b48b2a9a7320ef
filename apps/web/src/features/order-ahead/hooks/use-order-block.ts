import { orderBlock, type Menu, type OrderBlock } from '@cafe/shared';
import { useCafeStatus } from '@/api/cafe-status';
import { useSettings } from '@/api/settings';
import { useHomeTimeZone } from '@/api/sites';
import { useNow } from '@/hooks/use-now';

/**
 * "Can this item be ordered now, and why not" for a venue's menu: the shared rule the server
 * refuses orders by, fed with the live venue state of the person's site, its clock and the deployment's settings.
 * `venueBlock` is the reason that holds for every item of the venue (closed, Friday cut-off...).
 */
export function useOrderBlock(venue: 'cafe' | 'bar') {
  const { barOnlineOrdering } = useSettings();
  // The Friday cut-off and the hours are the person's site's, on its clock.
  const cafeTimeZone = useHomeTimeZone();
  const shop = useCafeStatus();
  const now = useNow();
  const blockOf = (item: Pick<Menu, 'isActive'>): OrderBlock | null =>
    orderBlock({
      venue,
      itemActive: item.isActive === 'active',
      shop,
      now,
      timeZone: cafeTimeZone,
      barOnlineOrdering,
    });
  return { blockOf, venueBlock: blockOf({ isActive: 'active' }) };
}
