import { useMe } from '@/api/me';
import { staffSiteOf, useStaffSiteChoice } from '@/lib/site-choice';

export interface StaffSite {
  /** The site the staff screens act on (sent as `siteId`); undefined for someone who runs none. */
  siteId: number | undefined;
  /** Every site the person runs (admins: every site). */
  siteIds: readonly number[];
}

const NONE: readonly number[] = [];

/** The site the staff screens act on: the device's choice among the person's sites (lib/site-choice.ts). */
export function useStaffSite(): StaffSite {
  const me = useMe();
  const chosen = useStaffSiteChoice((state) => state.siteId);
  return { siteId: staffSiteOf(chosen, me), siteIds: me?.staffSiteIds ?? NONE };
}
