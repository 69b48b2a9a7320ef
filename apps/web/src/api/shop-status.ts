import type { CafeStatus, ShopMode, Site } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiServerChecked } from '@/lib/api-client';
import { sitesQueryOptions } from './sites';

/** What staff may switch a site's shop to; the PATCH /cafe-status/{value} path. */
export type ShopChoice = 'cafe-open' | 'bar-open' | 'close-both';

const ALL_CHOICES: readonly ShopChoice[] = ['cafe-open', 'bar-open', 'close-both'];

/** The choices a site offers: opening only the venues it runs (the server refuses the others), and closing. */
export function shopChoicesOf(venues: Site['venues']): ShopChoice[] {
  return ALL_CHOICES.filter((c) => (c === 'cafe-open' ? venues.cafe : c === 'bar-open' ? venues.bar : true));
}

export function shopChoiceOf(mode: ShopMode): ShopChoice {
  return mode === 'all-close' ? 'close-both' : mode;
}

/**
 * PATCH /cafe-status/{value}?siteId: open the cafe, open the bar, or close both at a site (a barista
 * of the site, or an admin at any site). Its answer is checked by the server against the contract.
 */
export const setShopStatus = (value: ShopChoice, siteId: number | undefined) =>
  apiServerChecked<CafeStatus>(`/cafe-status/${value}`, { method: 'PATCH', query: { siteId } });

/**
 * Sets a site's shop status; the site's status in GET /sites (which every screen reads through
 * api/site-state.tsx) changes at once, before the `site` live event confirms it.
 */
export function useSetShopStatus(options: { onSuccess?: (status: CafeStatus) => Promise<unknown> | void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: ({ siteId, value }: { siteId: number | undefined; value: ShopChoice }) => setShopStatus(value, siteId),
    onSuccess: async (status, { siteId }) => {
      queryClient.setQueryData(sitesQueryOptions().queryKey, (sites) =>
        sites?.map((site) => (site.id === siteId ? { ...site, status } : site)),
      );
      await onSuccess?.(status);
    },
  });
}
