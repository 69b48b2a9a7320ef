import { PickupSettingsSchema, type PickupSettings, type PickupSettingsPatch } from '@cafe/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /sites/{siteId}/pickup: how a site takes orders for later. */
export const pickupSettingsQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: ['schedule', 'pickup', siteId] as const,
    queryFn: () => api(`/sites/${siteId}/pickup`, { schema: PickupSettingsSchema }),
  });

export function usePickupSettings(siteId: number) {
  return useQuery(pickupSettingsQueryOptions(siteId));
}

/** PUT /sites/{siteId}/pickup: any of the settings (a barista of the site, an admin). */
export function useUpdatePickupSettings(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PickupSettingsPatch): Promise<PickupSettings> =>
      api(`/sites/${siteId}/pickup`, { method: 'PUT', body, schema: PickupSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(pickupSettingsQueryOptions(siteId).queryKey, saved),
  });
}
