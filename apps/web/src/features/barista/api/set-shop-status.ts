import { CafeStatusSchema } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCafeStatusQueryOptions } from '@/features/barista/api/staff-cafe-status';
import { useStaffSite } from '@/hooks/use-staff-site';
import { api } from '@/lib/api-client';
import type { ShopChoice } from '@/features/barista/lib/shop-status';
import { baristaOrdersRootKey } from './get-barista-orders';

/** PATCH /cafe-status/{value}: open the cafe, open the bar, or close both. */
export const setShopStatus = (value: ShopChoice, siteId: number | undefined) =>
  api(`/cafe-status/${value}`, { method: 'PATCH', query: { siteId }, schema: CafeStatusSchema });

export function useSetShopStatus() {
  const queryClient = useQueryClient();
  const { siteId } = useStaffSite();
  return useMutation({
    mutationFn: (value: ShopChoice) => setShopStatus(value, siteId),
    onSuccess: async (status) => {
      queryClient.setQueryData(staffCafeStatusQueryOptions(siteId).queryKey, status);
      await queryClient.invalidateQueries({ queryKey: baristaOrdersRootKey });
    },
  });
}
