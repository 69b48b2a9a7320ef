import { SiteBaristaSchema, type SiteBarista } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { siteBaristasQueryOptions } from '@/api/site-baristas';
import { api } from '@/lib/api-client';

/** PUT /sites/{siteId}/baristas (admin): the site's baristas become exactly these. */
export function useSetSiteBaristas(siteId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = siteBaristasQueryOptions(siteId);
  return useMutation({
    mutationFn: (userIds: number[]) =>
      api(`/sites/${siteId}/baristas`, { method: 'PUT', body: { userIds }, schema: z.array(SiteBaristaSchema) }),
    onSuccess: (baristas) => queryClient.setQueryData<SiteBarista[]>(queryKey, baristas),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
