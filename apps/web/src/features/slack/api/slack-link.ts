import { SlackLinkPreviewSchema, SlackLinkStatusSchema } from '@cafe/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const slackLinkRootKey = ['slack', 'link'] as const;

/** GET /slack/link-tokens/{token}: whose Slack account a one-time link links; 404 once used or expired. */
export const fetchSlackLinkPreview = (token: string) =>
  api(`/slack/link-tokens/${encodeURIComponent(token)}`, { schema: SlackLinkPreviewSchema });

export const slackLinkPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...slackLinkRootKey, 'preview', token] as const,
    queryFn: () => fetchSlackLinkPreview(token),
    retry: false,
  });

export function useSlackLinkPreview(token: string) {
  return useQuery(slackLinkPreviewQueryOptions(token));
}

/** GET /slack/link: whether the signed-in person has a Slack account linked. */
export const fetchSlackLinkStatus = () => api('/slack/link', { schema: SlackLinkStatusSchema });

export const slackLinkStatusQueryOptions = () =>
  queryOptions({ queryKey: [...slackLinkRootKey, 'status'] as const, queryFn: fetchSlackLinkStatus });

export function useSlackLinkStatus() {
  return useQuery(slackLinkStatusQueryOptions());
}

/** POST /slack/link-tokens/{token}: links the Slack account to the signed-in person; the link works once. */
export const confirmSlackLink = (token: string) =>
  api(`/slack/link-tokens/${encodeURIComponent(token)}`, { method: 'POST', schema: SlackLinkPreviewSchema });

export function useConfirmSlackLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSlackLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...slackLinkRootKey, 'status'] }),
  });
}

/** DELETE /slack/link: unlinks; the Slack account can do nothing more. */
export const revokeSlackLink = () => api('/slack/link', { method: 'DELETE' });

export function useRevokeSlackLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSlackLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...slackLinkRootKey, 'status'] }),
  });
}
