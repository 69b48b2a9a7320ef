import { PickupSettingsSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /sites/{siteId}/pickup: how a site takes orders for later (its slot length among them). Public.
 * Read by the opening hours screen (its settings) and a standing order's form (its slot times): it
 * lives here once.
 */
export const pickupSettingsQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: ['schedule', 'pickup', siteId] as const,
    queryFn: () => api(`/sites/${siteId}/pickup`, { schema: PickupSettingsSchema }),
  });

export function usePickupSettings(siteId: number | undefined) {
  return useQuery({ ...pickupSettingsQueryOptions(siteId ?? 0), enabled: siteId !== undefined });
}
