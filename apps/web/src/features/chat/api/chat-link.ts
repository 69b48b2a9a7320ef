import { ChatLinkPreviewSchema, ChatLinkStatusSchema, type ChatChannelName } from '@cafe/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const chatLinkRootKey = (channel: ChatChannelName) => ['chat', channel, 'link'] as const;

/** GET /chat/{channel}/link-tokens/{token}: whose account of the chat a one-time link links; 404 once used or expired. */
export const fetchChatLinkPreview = (channel: ChatChannelName, token: string) =>
  api(`/chat/${channel}/link-tokens/${encodeURIComponent(token)}`, { schema: ChatLinkPreviewSchema });

export const chatLinkPreviewQueryOptions = (channel: ChatChannelName, token: string) =>
  queryOptions({
    queryKey: [...chatLinkRootKey(channel), 'preview', token] as const,
    queryFn: () => fetchChatLinkPreview(channel, token),
    retry: false,
  });

export function useChatLinkPreview(channel: ChatChannelName, token: string) {
  return useQuery(chatLinkPreviewQueryOptions(channel, token));
}

/** GET /chat/{channel}/link: whether the signed-in person has an account of the chat linked. */
export const fetchChatLinkStatus = (channel: ChatChannelName) =>
  api(`/chat/${channel}/link`, { schema: ChatLinkStatusSchema });

export const chatLinkStatusQueryOptions = (channel: ChatChannelName) =>
  queryOptions({
    queryKey: [...chatLinkRootKey(channel), 'status'] as const,
    queryFn: () => fetchChatLinkStatus(channel),
    retry: false,
  });

export function useChatLinkStatus(channel: ChatChannelName) {
  return useQuery(chatLinkStatusQueryOptions(channel));
}

/** POST /chat/{channel}/link-tokens/{token}: links the chat's account to the signed-in person; the link works once. */
export function useConfirmChatLink(channel: ChatChannelName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api(`/chat/${channel}/link-tokens/${encodeURIComponent(token)}`, {
        method: 'POST',
        schema: ChatLinkPreviewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...chatLinkRootKey(channel), 'status'] }),
  });
}

/** DELETE /chat/{channel}/link: unlinks; the chat's account can do nothing more. */
export function useRevokeChatLink(channel: ChatChannelName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/chat/${channel}/link`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...chatLinkRootKey(channel), 'status'] }),
  });
}
