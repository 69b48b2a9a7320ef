import { CafeStatusSchema } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cafeStatusQueryOptions } from '@/api/cafe-status';
import { api } from '@/lib/api-client';
import type { ShopChoice } from '@/features/barista/lib/shop-status';
import { baristaOrdersRootKey } from './get-barista-orders';

/** PATCH /cafe-status/{value}: open the cafe, open the bar, or close both. */
export const setShopStatus = (value: ShopChoice) =>
  api(`/cafe-status/${value}`, { method: 'PATCH', schema: CafeStatusSchema });

export function useSetShopStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShopStatus,
    onSuccess: async (status) => {
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, status);
      await queryClient.invalidateQueries({ queryKey: baristaOrdersRootKey });
    },
  });
}
