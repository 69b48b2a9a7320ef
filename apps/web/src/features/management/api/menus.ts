import { MenuSchema, type Category, type IsActive, type MenuCreateBody, type MenuPatchBody } from '@cafe/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** GET /menu/{id}: one menu item. */
export function useMenu(id: number) {
  return useQuery({ queryKey: managementKeys.menu(id), queryFn: () => api(`/menu/${id}`, { schema: MenuSchema }) });
}

/** POST /menu. */
export function useCreateMenu() {
  return useInvalidatingMutation(
    (body: MenuCreateBody) => api('/menu', { method: 'POST', body, schema: MenuSchema }),
    [managementKeys.all],
  );
}

/** PATCH /menu/{id}: edit, switch active/inactive, or soft delete (isAvailable "unavailable"). */
const updateMenu = ({ id, body }: { id: number; body: MenuPatchBody }) =>
  api(`/menu/${id}`, { method: 'PATCH', body, schema: MenuSchema });

/** Edit a menu item (name, status, category, description). */
export function useUpdateMenu() {
  return useInvalidatingMutation(updateMenu, [managementKeys.all]);
}

function setItemActive(category: Category | undefined, menuId: number, isActive: IsActive) {
  if (!category) return category;
  return { ...category, menu: category.menu.map((m) => (m.id === menuId ? { ...m, isActive } : m)) };
}

/**
 * The active switch of the category page: the switch flips at once and flips back when the
 * server refuses. Only the item that failed is rolled back, so quick taps on other items survive.
 */
export function useToggleMenuActive(categoryId: number) {
  const queryClient = useQueryClient();
  const key = managementKeys.category(categoryId);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: IsActive }) => updateMenu({ id, body: { isActive } }),
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Category>(key)?.menu.find((m) => m.id === id)?.isActive;
      queryClient.setQueryData<Category>(key, (c) => setItemActive(c, id, isActive));
      return { previous };
    },
    onError: (_error, { id }, context) => {
      if (context?.previous) {
        const previous = context.previous;
        queryClient.setQueryData<Category>(key, (c) => setItemActive(c, id, previous));
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: managementKeys.all }),
  });
}

/** Soft-deletes several items; reports how many went and which failed. */
async function deleteMenus(ids: readonly number[]) {
  const results = await Promise.allSettled(ids.map((id) => updateMenu({ id, body: { isAvailable: 'unavailable' } })));
  const failed = ids.filter((_, i) => results[i]?.status === 'rejected');
  return { deleted: ids.length - failed.length, failed };
}

export function useDeleteMenus() {
  return useInvalidatingMutation(deleteMenus, [managementKeys.all], 'settled');
}
