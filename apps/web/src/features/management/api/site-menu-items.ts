import { MenuAtSiteSchema, type MenuAtSite, type SiteMenuPatchBody } from '@cafe/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

const SiteMenuItemSchema = MenuAtSiteSchema.extend({ menuId: z.number().int() });

/**
 * GET /sites/{siteId}/menu-items: every item of the catalogue at a site (served, sold out), by item
 * id (under the management root: a `menu` event reads them again).
 */
export function useSiteMenuItems(siteId: number | undefined) {
  return useQuery({
    queryKey: managementKeys.siteMenu(siteId ?? 0),
    queryFn: ({ signal }) => api(`/sites/${siteId}/menu-items`, { schema: z.array(SiteMenuItemSchema), signal }),
    select: (items) => new Map(items.map(({ menuId, ...atSite }) => [menuId, atSite])),
    enabled: siteId !== undefined,
  });
}

/** PATCH /sites/{siteId}/menu-items/{menuId}: whether the site serves the item, and whether it is sold out there. */
export function useSetSiteMenuItem(siteId: number | undefined) {
  const queryClient = useQueryClient();
  const key = managementKeys.siteMenu(siteId ?? 0);
  return useMutation({
    mutationFn: ({ menuId, ...body }: SiteMenuPatchBody & { menuId: number }) =>
      api(`/sites/${siteId}/menu-items/${menuId}`, { method: 'PATCH', body, schema: MenuAtSiteSchema }),
    onSuccess: (atSite: MenuAtSite, { menuId }) =>
      queryClient.setQueryData<z.infer<typeof SiteMenuItemSchema>[]>(key, (items) =>
        items?.map((item) => (item.menuId === menuId ? { ...atSite, menuId } : item)),
      ),
  });
}
