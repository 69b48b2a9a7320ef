import { useQuery } from '@tanstack/react-query';
import { siteOrderingStatusQueryOptions } from '@/api/site-state';
import { useStaffSite } from '@/hooks/use-staff-site';

/**
 * Busy mode of the staff site: whether new online cafe orders are paused, why, and the limits that
 * pause them. The site's own entry of the site-state layer, kept current on the board by the
 * `ordering-status` live event (hooks/use-board-live.ts).
 */
export function useOrderingStatus() {
  return useQuery(siteOrderingStatusQueryOptions(useStaffSite().siteId));
}
