import { PickupSettingsSchema, type PickupSettings, type PickupSettingsPatch } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pickupSettingsQueryOptions } from '@/api/pickup-settings';
import { api } from '@/lib/api-client';

/** PUT /sites/{siteId}/pickup: any of the settings (a barista of the site, an admin). */
export function useUpdatePickupSettings(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PickupSettingsPatch): Promise<PickupSettings> =>
      api(`/sites/${siteId}/pickup`, { method: 'PUT', body, schema: PickupSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(pickupSettingsQueryOptions(siteId).queryKey, saved),
  });
}
