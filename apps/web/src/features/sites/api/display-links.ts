import { DisplayLinkCreatedSchema, DisplayLinkSchema, type DisplayLink } from '@cafe/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /sites/{siteId}/displays (the site's baristas, admins): its pickup screen links, never a token. */
export const fetchDisplayLinks = (siteId: number) =>
  api(`/sites/${siteId}/displays`, { schema: z.array(DisplayLinkSchema) });

export const displayLinksQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: ['display-links', siteId] as const,
    queryFn: () => fetchDisplayLinks(siteId),
  });

export function useDisplayLinks(siteId: number) {
  return useQuery(displayLinksQueryOptions(siteId));
}

/** POST /sites/{siteId}/displays: a new link; its token is in this answer only. */
export const createDisplayLink = (siteId: number, label: string) =>
  api(`/sites/${siteId}/displays`, { method: 'POST', body: { label }, schema: DisplayLinkCreatedSchema });

/** POST /sites/{siteId}/displays/{displayId}/revoke: the link stops working, its screens at once. */
export const revokeDisplayLink = (siteId: number, displayId: number) =>
  api(`/sites/${siteId}/displays/${displayId}/revoke`, { method: 'POST', schema: DisplayLinkSchema });

export function useCreateDisplayLink(siteId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = displayLinksQueryOptions(siteId);
  return useMutation({
    mutationFn: (label: string) => createDisplayLink(siteId, label),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export function useRevokeDisplayLink(siteId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = displayLinksQueryOptions(siteId);
  return useMutation({
    mutationFn: (displayId: number) => revokeDisplayLink(siteId, displayId),
    onSuccess: (link) =>
      queryClient.setQueryData<DisplayLink[]>(queryKey, (links) => links?.map((l) => (l.id === link.id ? link : l))),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
