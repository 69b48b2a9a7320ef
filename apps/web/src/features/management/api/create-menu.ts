import { MenuSchema, type MenuCreateBody } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** POST /menu. */
export const createMenu = (body: MenuCreateBody) => api('/menu', { method: 'POST', body, schema: MenuSchema });

export function useCreateMenu() {
  return useInvalidatingMutation(createMenu, [managementKeys.all]);
}
