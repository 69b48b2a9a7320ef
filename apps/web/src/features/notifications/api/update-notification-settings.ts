import { NotificationSettingsSchema, type NotificationSettingsBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationSettingsQueryOptions } from '@/features/notifications/api/get-notification-settings';

/**
 * PUT /user/notifications: any of the language and the channels (what is left out stays); answers
 * the settings as now saved. Choosing a channel the company has not configured is a 400.
 */
export const updateNotificationSettings = (body: NotificationSettingsBody) =>
  api('/user/notifications', { method: 'PUT', body, schema: NotificationSettingsSchema });

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryOptions().queryKey, saved),
    // A refusal may mean the company's channels changed since the screen read them: read them again.
    onError: () => queryClient.invalidateQueries({ queryKey: notificationSettingsQueryOptions().queryKey }),
  });
}
