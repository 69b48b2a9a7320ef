import { useQueryClient } from '@tanstack/react-query';
import { useSetShopStatus as useSetSiteShopStatus } from '@/api/shop-status';
import { useStaffSite } from '@/hooks/use-staff-site';
import type { ShopChoice } from '@/features/barista/lib/shop-status';
import { baristaOrdersRootKey } from './get-barista-orders';

/** The board's shop status: the staff site's (PATCH /cafe-status/{value}?siteId); the order lists are read again after. */
export function useSetShopStatus() {
  const queryClient = useQueryClient();
  const { siteId } = useStaffSite();
  const mutation = useSetSiteShopStatus({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baristaOrdersRootKey }),
  });
  return { ...mutation, mutateAsync: (value: ShopChoice) => mutation.mutateAsync({ siteId, value }) };
}
