import { ChatChannelsSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /admin/chat-channels: every chat channel, on or not, its settings set or not (never a value). */
export const fetchChatChannels = () => api('/admin/chat-channels', { schema: ChatChannelsSchema });

export const chatChannelsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'chat-channels'] as const, queryFn: fetchChatChannels });

export function useChatChannels() {
  return useQuery(chatChannelsQueryOptions());
}
