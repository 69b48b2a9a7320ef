import { ChatLinkPreviewSchema, ChatLinkStatusSchema, type ChatChannelName } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';

const chatLinkRootKey = (channel: ChatChannelName) => ['chat', channel, 'link'] as const;
const chatLinkStatusKey = (channel: ChatChannelName) => [...chatLinkRootKey(channel), 'status'] as const;
const linkTokenPath = (channel: ChatChannelName, token: string) =>
  `/chat/${channel}/link-tokens/${encodeURIComponent(token)}`;

/** GET /chat/{channel}/link-tokens/{token}: whose account of the chat a one-time link links; 404 once used or expired. */
export function useChatLinkPreview(channel: ChatChannelName, token: string) {
  return useQuery({
    queryKey: [...chatLinkRootKey(channel), 'preview', token] as const,
    queryFn: () => api(linkTokenPath(channel, token), { schema: ChatLinkPreviewSchema }),
    retry: false,
  });
}

/** GET /chat/{channel}/link: whether the signed-in person has an account of the chat linked. */
export function useChatLinkStatus(channel: ChatChannelName) {
  return useQuery({
    queryKey: chatLinkStatusKey(channel),
    queryFn: () => api(`/chat/${channel}/link`, { schema: ChatLinkStatusSchema }),
    retry: false,
  });
}

/** POST /chat/{channel}/link-tokens/{token}: links the chat's account to the signed-in person; the link works once. */
export function useConfirmChatLink(channel: ChatChannelName) {
  return useInvalidatingMutation(
    (token: string) => api(linkTokenPath(channel, token), { method: 'POST', schema: ChatLinkPreviewSchema }),
    [chatLinkStatusKey(channel)],
  );
}

/** DELETE /chat/{channel}/link: unlinks; the chat's account can do nothing more. */
export function useRevokeChatLink(channel: ChatChannelName) {
  return useInvalidatingMutation(
    (_: void) => api(`/chat/${channel}/link`, { method: 'DELETE' }),
    [chatLinkStatusKey(channel)],
  );
}
