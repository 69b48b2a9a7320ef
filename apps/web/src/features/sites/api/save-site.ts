import { SiteSchema, type SiteCreateBody, type SitePatchBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sitesQueryOptions } from '@/api/sites';
import { api } from '@/lib/api-client';

/** POST /sites (admin): a new site, closed, with the default hours of the venues it runs. */
export const createSite = (body: SiteCreateBody) => api('/sites', { method: 'POST', body, schema: SiteSchema });

/** PATCH /sites/{siteId} (admin). */
export const updateSite = ({ id, body }: { id: number; body: SitePatchBody }) =>
  api(`/sites/${id}`, { method: 'PATCH', body, schema: SiteSchema });

/** POST /sites/{siteId}/archive (admin): 409 while orders are open there, or for the last open site. */
export const archiveSite = (id: number) => api(`/sites/${id}/archive`, { method: 'POST', schema: SiteSchema });

/**
 * Every change of a site reads the sites again: the server sends `site` for a change or an
 * archive but not for a new site, and this screen should not wait for the event either way.
 */
function useSiteMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sitesQueryOptions().queryKey }),
  });
}

export const useCreateSite = () => useSiteMutation(createSite);
export const useUpdateSite = () => useSiteMutation(updateSite);
export const useArchiveSite = () => useSiteMutation(archiveSite);
