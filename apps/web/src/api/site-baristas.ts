import { SiteBaristaSchema } from '@cafe/shared';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sitesQueryOptions } from './sites';

/*
 * Apart from api/sites.ts, which the navigation of every screen reads: this one brings the schema
 * library, which only the staff and admin screens that ask for baristas need.
 */

/** GET /sites/{siteId}/baristas: who works at a site (baristas and admins may ask). */
export const fetchSiteBaristas = (siteId: number) =>
  api(`/sites/${siteId}/baristas`, { schema: z.array(SiteBaristaSchema) });

/** Under the sites' key, so the `site` live event that refreshes the sites refreshes these too. */
export const siteBaristasQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: [...sitesQueryOptions().queryKey, siteId, 'baristas'] as const,
    queryFn: () => fetchSiteBaristas(siteId),
  });
