import { SiteSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { sitesQueryOptions, useSites } from '@/api/sites';
import { api } from '@/lib/api-client';

/**
 * The sites an admin manages: the open ones, or every one with `withArchived` (GET
 * /sites?archived=include, admins only). That list is under the sites' key, so the `site` live
 * event that refreshes the sites (useSites listens for it) refreshes it too.
 */
export function useAdminSites(withArchived: boolean) {
  const open = useSites();
  const all = useQuery({
    queryKey: [...sitesQueryOptions().queryKey, 'with-archived'] as const,
    queryFn: () => api('/sites', { query: { archived: 'include' }, schema: z.array(SiteSchema) }),
    enabled: withArchived,
  });
  return withArchived ? all : open;
}
