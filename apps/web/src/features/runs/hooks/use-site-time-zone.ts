import { useHomeSite, useHomeTimeZone } from '@/api/sites';

/**
 * The zone a run's times are told in: its site's (a shared link may be of another site than the
 * person's own), the person's home zone until the sites have loaded.
 */
export function useSiteTimeZone(siteId: number | undefined): string {
  const { sites } = useHomeSite();
  const home = useHomeTimeZone();
  return sites.find((s) => s.id === siteId)?.timeZone ?? home;
}
