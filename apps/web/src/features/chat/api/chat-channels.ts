import { ChatChannelsSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /admin/chat-channels: every chat channel, on or not, its settings set or not (never a value). */
export function useChatChannels() {
  return useQuery({
    queryKey: ['admin', 'chat-channels'] as const,
    queryFn: () => api('/admin/chat-channels', { schema: ChatChannelsSchema }),
  });
}
