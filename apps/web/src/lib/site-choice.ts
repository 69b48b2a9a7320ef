import { create } from 'zustand';

/**
 * The site the staff screens act on, chosen on this device by a barista who works at several
 * sites or by an admin (the board, shop status, walk-up, busy mode, hours, history). null: the
 * server's choice (their home site when they work there, else the first of theirs). The live
 * channel follows it (lib/live-connection.ts). Kept per device, as a counter tablet stays at its
 * counter; cleared with everything else at sign-out.
 */
export const STAFF_SITE_STORAGE_KEY = 'staffSiteId';

function stored(): number | null {
  try {
    const value = Number(localStorage.getItem(STAFF_SITE_STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export const useStaffSiteChoice = create<{ siteId: number | null }>(() => ({ siteId: stored() }));

/** Remembers the staff site on this device (null forgets it). */
export function chooseStaffSite(siteId: number | null): void {
  try {
    if (siteId === null) localStorage.removeItem(STAFF_SITE_STORAGE_KEY);
    else localStorage.setItem(STAFF_SITE_STORAGE_KEY, String(siteId));
  } catch {
    // storage refused (private mode): the choice lasts until the page is reloaded
  }
  useStaffSiteChoice.setState({ siteId });
}

/**
 * The site the staff screens act on for someone who runs the counters `staffSiteIds` (from
 * GET /user/me): the device's choice while it is still one of theirs, else their home site when
 * it is theirs, else the first of theirs; undefined for someone who runs none.
 */
export function staffSiteOf(
  chosen: number | null,
  me: { homeSiteId?: number | null; staffSiteIds?: number[] } | null | undefined,
): number | undefined {
  const ids = me?.staffSiteIds ?? [];
  if (chosen !== null && ids.includes(chosen)) return chosen;
  if (me?.homeSiteId != null && ids.includes(me.homeSiteId)) return me.homeSiteId;
  return ids[0];
}
