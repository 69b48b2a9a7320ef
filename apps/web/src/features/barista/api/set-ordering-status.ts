import { OrderingStatusSchema, type OrderingStatusPatch } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siteOrderingStatusQueryOptions } from '@/api/site-state';
import { useStaffSite } from '@/hooks/use-staff-site';
import { api } from '@/lib/api-client';

/** PATCH /ordering-status: pause or resume online orders by hand, or set the limits (null: no limit). */
export const setOrderingStatus = (body: OrderingStatusPatch, siteId: number | undefined) =>
  api('/ordering-status', { method: 'PATCH', query: { siteId }, body, schema: OrderingStatusSchema });

export function useSetOrderingStatus() {
  const queryClient = useQueryClient();
  const { siteId } = useStaffSite();
  return useMutation({
    mutationFn: (body: OrderingStatusPatch) => setOrderingStatus(body, siteId),
    onSuccess: (status) => queryClient.setQueryData(siteOrderingStatusQueryOptions(siteId).queryKey, status),
  });
}
