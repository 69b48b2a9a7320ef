import type { Site } from '@cafe/shared';
import { useMe } from '@/api/me';
import { useSites } from '@/api/sites';

/** Which sites the dashboards may show for the signed-in person. */
export interface StatsSites {
  /** The company has more than one site (the numbers then name theirs). */
  severalSites: boolean;
  /** The sites to choose among, in the server's order; empty when there is nothing to choose (one site). */
  choices: Site[];
  /** Admins may also see every site together (what the server answers without siteId). */
  canSeeAll: boolean;
  /** The site the server answers a barista without siteId (their home site if theirs, else the first). */
  ownSite: Site | undefined;
}

/** A company of one site, or sites not known: nothing to choose, the screen as before sites. */
export const ONE_SITE: StatsSites = { severalSites: false, choices: [], canSeeAll: false, ownSite: undefined };

/**
 * The sites of the dashboards' selector. Admins read every site. A barista's sites are those of
 * their profile (`staffSiteIds` of GET /user/me); they choose among those when they work at more
 * than one. With one site, or while the sites cannot be read, there is nothing to choose and the
 * screen stays as it was before sites.
 */
export function useStatsSites(): StatsSites {
  const me = useMe();
  const sites = useSites().data ?? [];
  const several = sites.length > 1;
  const none: StatsSites = { ...ONE_SITE, severalSites: several };
  if (!several || !me) return ONE_SITE;
  if (me.role === 'admin') return { ...none, choices: sites, canSeeAll: true };
  if (me.role !== 'barista') return none;
  const staffSiteIds = me.staffSiteIds ?? [];
  const mine = sites.filter((site) => staffSiteIds.includes(site.id));
  const ownSite = mine.find((site) => site.id === me.homeSiteId) ?? mine[0];
  return { ...none, choices: mine.length > 1 ? mine : [], ownSite };
}
