import type { Site } from '@cafe/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { i18n, loadNamespaces } from '@/i18n';
import { api, apiServerChecked } from '@/lib/api-client';
import { logFailure } from '@/lib/log-failure';
import { reconnectSocket, useLiveEvent } from '@/lib/socket';
import { meQueryOptions, useMe } from './me';
import { useSettings } from './settings';

/**
 * GET /sites: the company's cafes and bars that are not archived, by id. Public; its answer is
 * checked by the server against the contract. Several features read it (the navigation's site
 * name and switch, the board's site switch, the dashboards' selector): it lives here once.
 */
export const fetchSites = () => apiServerChecked<Site[]>('/sites');

export const sitesQueryOptions = () => queryOptions({ queryKey: ['sites'] as const, queryFn: fetchSites });

/**
 * The list with `site` as the event carries it: in its place, added by id, or gone once archived
 * (GET /sites lists the open sites only).
 */
export function withSite(sites: readonly Site[], site: Site): Site[] {
  const others = sites.filter((s) => s.id !== site.id);
  return site.archived ? others : [...others, site].sort((a, b) => a.id - b.id);
}

/**
 * The sites, kept current by the `site` live event (a site added, changed, archived, or its shop
 * status set). The event carries the whole site to everyone, whichever site they follow, so every
 * site's status on every screen changes at once; the other answers under the sites' key (the
 * archived list, the baristas) are read again.
 */
export function useSites() {
  const queryClient = useQueryClient();
  const handleSite = useCallback(
    (site: Site) => {
      const { queryKey } = sitesQueryOptions();
      queryClient.setQueryData(queryKey, (sites) => (sites ? withSite(sites, site) : sites));
      void queryClient.invalidateQueries({ queryKey, predicate: (query) => query.queryKey.length > 1 });
    },
    [queryClient],
  );
  useLiveEvent('site', handleSite);
  return useQuery(sitesQueryOptions());
}

/**
 * The site a person orders at and reads (the menu, the shop status, the hours, the queue): their
 * home site while it is listed, else the first site, as the server does for someone who chose
 * none (docs/api.md, sites). undefined while the sites load.
 */
export function homeSiteOf(
  sites: readonly Site[] | undefined,
  homeSiteId: number | null | undefined,
): Site | undefined {
  if (!sites) return undefined;
  return sites.find((s) => s.id === homeSiteId) ?? sites[0];
}

/**
 * The signed-in person's (or a visitor's) site, and whether the company has several (only then do
 * the screens name it).
 */
export function useHomeSite(): { site: Site | undefined; sites: Site[]; several: boolean } {
  const me = useMe();
  const sites = useSites().data;
  return { site: homeSiteOf(sites, me?.homeSiteId), sites: sites ?? [], several: (sites?.length ?? 0) > 1 };
}

/**
 * The zone of the times and days a person sees on the customer screens (their queue ticket,
 * history, order block): their home site's, as useScreenSite() gives it on those screens
 * (api/site-state.tsx), and the deployment's first zone until the sites have loaded.
 */
export function useHomeTimeZone(): string {
  const { cafeTimeZone } = useSettings();
  return useHomeSite().site?.timeZone ?? cafeTimeZone;
}

/** GET /sites/nearest: the site whose radius holds a position (the nearest of several), or null. */
export async function fetchNearestSite(position: { latitude: number; longitude: number }): Promise<Site | null> {
  const { SiteSchema } = await import('./site-schemas');
  return api('/sites/nearest', { query: position, schema: SiteSchema.nullable() });
}

/** PUT /user/home-site: the person orders at this site from now on. */
export async function putHomeSite(siteId: number): Promise<Site> {
  const { SiteSchema } = await import('./site-schemas');
  return api('/user/home-site', { method: 'PUT', body: { siteId }, schema: SiteSchema });
}

/** Answers that are not about a site: kept as they are when the person changes site. */
const SITE_FREE_ROOTS: readonly unknown[] = ['me', 'settings', 'sites'];

/**
 * Change the person's home site: the profile says so at once, the live channel is opened again so
 * it follows the new site's rooms, and every answer about a site (menu, shop status, busy mode,
 * hours, queue) is read again. A toast names the site.
 */
export function useChangeHomeSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putHomeSite,
    onSuccess: (site) => {
      queryClient.setQueryData(meQueryOptions().queryKey, (me) => (me ? { ...me, homeSiteId: site.id } : me));
      reconnectSocket();
      void queryClient.invalidateQueries({ predicate: (query) => !SITE_FREE_ROOTS.includes(query.queryKey[0]) });
      // The toast library loads with the first toast: this module is part of the first screen.
      void import('sonner').then(({ toast }) => toast.success(i18n._('common.site.changed', { site: site.name })));
    },
    onError: (error) => {
      logFailure('home site change failed', error);
      // The server's reason (an archived site) in the interface's language; its texts load only now.
      void Promise.all([import('@/lib/error-text'), loadNamespaces(['shared', 'people'])])
        .then(([{ errorText }]) => errorText(error))
        .catch(() => undefined)
        .then(async (text) => {
          const { toast } = await import('sonner');
          toast.error(text ?? i18n._('common.site.changeFailed'));
        });
    },
  });
}
