import { NotificationSettingsSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /user/notifications: the signed-in person's channels (offered and chosen) and message language. */
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'settings'] as const,
    queryFn: () => api('/user/notifications', { schema: NotificationSettingsSchema }),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
