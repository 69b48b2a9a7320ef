import { MenuSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** GET /menu/{id}: one menu item. */
export const fetchMenu = (id: number) => api(`/menu/${id}`, { schema: MenuSchema });

export const menuQueryOptions = (id: number) =>
  queryOptions({ queryKey: managementKeys.menu(id), queryFn: () => fetchMenu(id) });

export function useMenu(id: number) {
  return useQuery(menuQueryOptions(id));
}
