import { SiteSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { sitesQueryOptions, useSites } from '@/api/sites';
import { api } from '@/lib/api-client';

/** GET /sites?archived=include (admins): the archived sites too. */
export const fetchSitesWithArchived = () =>
  api('/sites', { query: { archived: 'include' }, schema: z.array(SiteSchema) });

/** Under the sites' key, so the `site` live event that refreshes the sites refreshes this too. */
export const sitesWithArchivedQueryOptions = () =>
  queryOptions({
    queryKey: [...sitesQueryOptions().queryKey, 'with-archived'] as const,
    queryFn: fetchSitesWithArchived,
  });

/**
 * The sites an admin manages: the open ones, or every one with `withArchived`. Both stay current
 * through the `site` live event (useSites listens for it).
 */
export function useAdminSites(withArchived: boolean) {
  const open = useSites();
  const all = useQuery({ ...sitesWithArchivedQueryOptions(), enabled: withArchived });
  return withArchived ? all : open;
}
