import type { Site } from '@cafe/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiServerChecked } from '@/lib/api-client';
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
