import { MenuSchema, type MenuCreateBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** POST /menu. */
export const createMenu = (body: MenuCreateBody) => api('/menu', { method: 'POST', body, schema: MenuSchema });

export function useCreateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMenu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managementKeys.all }),
  });
}
