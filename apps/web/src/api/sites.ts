import { SiteBaristaSchema, type Site } from '@cafe/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { api, apiServerChecked } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/socket';

/**
 * GET /sites: the company's cafes and bars that are not archived, by id. Public; its answer is
 * checked by the server against the contract. Several features read it (the navigation's site
 * name and switch, the board's site switch, the dashboards' selector): it lives here once.
 */
export const fetchSites = () => apiServerChecked<Site[]>('/sites');

export const sitesQueryOptions = () => queryOptions({ queryKey: ['sites'] as const, queryFn: fetchSites });

/** The sites, kept current by the `site` live event (a site changed or was archived). */
export function useSites() {
  const queryClient = useQueryClient();
  const handleSite = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: sitesQueryOptions().queryKey }),
    [queryClient],
  );
  useLiveEvent('site', handleSite);
  return useQuery(sitesQueryOptions());
}

/** GET /sites/{siteId}/baristas: who works at a site (baristas and admins may ask). */
export const fetchSiteBaristas = (siteId: number) =>
  api(`/sites/${siteId}/baristas`, { schema: z.array(SiteBaristaSchema) });

/** Under the sites' key, so the `site` live event that refreshes the sites refreshes these too. */
export const siteBaristasQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: [...sitesQueryOptions().queryKey, siteId, 'baristas'] as const,
    queryFn: () => fetchSiteBaristas(siteId),
  });
