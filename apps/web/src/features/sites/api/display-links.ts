import { DisplayLinkCreatedSchema, DisplayLinkSchema, type DisplayLink } from '@cafe/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const linksKey = (siteId: number) => ['display-links', siteId] as const;

/** GET /sites/{siteId}/displays (the site's baristas, admins): its pickup screen links, never a token. */
export function useDisplayLinks(siteId: number) {
  return useQuery({
    queryKey: linksKey(siteId),
    queryFn: () => api(`/sites/${siteId}/displays`, { schema: z.array(DisplayLinkSchema) }),
  });
}

/** POST /sites/{siteId}/displays: a new link; its token is in this answer only. */
export function useCreateDisplayLink(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      api(`/sites/${siteId}/displays`, { method: 'POST', body: { label }, schema: DisplayLinkCreatedSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linksKey(siteId) }),
  });
}

/** POST /sites/{siteId}/displays/{displayId}/revoke: the link stops working, its screens at once. */
export function useRevokeDisplayLink(siteId: number) {
  const queryClient = useQueryClient();
  const queryKey = linksKey(siteId);
  return useMutation({
    mutationFn: (displayId: number) =>
      api(`/sites/${siteId}/displays/${displayId}/revoke`, { method: 'POST', schema: DisplayLinkSchema }),
    onSuccess: (link) =>
      queryClient.setQueryData<DisplayLink[]>(queryKey, (links) => links?.map((l) => (l.id === link.id ? link : l))),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
