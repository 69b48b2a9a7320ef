import {
  CategorySchema,
  ItemOptionGroupsBodySchema,
  MenuOptionChoiceSchema,
  OptionGroupSchema,
  type ItemOptionGroupsBody,
  type OptionGroupBody,
  type SiteChoicePatchBody,
} from '@cafe/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/*
 * Drink options in menu management (docs/api.md, "Drink options"). Everything lives under the
 * management root, so a `menu` event (any kind, option groups too) reads it again.
 */

const keys = {
  groups: () => [...managementKeys.all, 'option-groups'] as const,
  item: (menuId: number) => [...managementKeys.all, 'item-options', menuId] as const,
  atSite: (siteId: number) => [...managementKeys.all, 'options-at-site', siteId] as const,
};

/** GET /option-groups. */
export function useOptionGroups() {
  return useQuery({
    queryKey: keys.groups(),
    queryFn: ({ signal }) => api('/option-groups', { schema: z.array(OptionGroupSchema), signal }),
  });
}

/** POST /option-groups (no id) or PUT /option-groups/{id}. */
export function useSaveOptionGroup() {
  return useInvalidatingMutation(
    ({ id, body }: { id?: number; body: OptionGroupBody }) =>
      id === undefined
        ? api('/option-groups', { method: 'POST', body, schema: OptionGroupSchema })
        : api(`/option-groups/${id}`, { method: 'PUT', body, schema: OptionGroupSchema }),
    [managementKeys.all],
  );
}

/** DELETE /option-groups/{id}. */
export function useDeleteOptionGroup() {
  return useInvalidatingMutation(
    (id: number) => api(`/option-groups/${id}`, { method: 'DELETE' }),
    [managementKeys.all],
  );
}

/** GET /menu/{id}/options: the groups an item carries, in order. */
export function useItemOptions(menuId: number) {
  return useQuery({
    queryKey: keys.item(menuId),
    queryFn: ({ signal }) => api(`/menu/${menuId}/options`, { schema: ItemOptionGroupsBodySchema, signal }),
  });
}

/** PUT /menu/{id}/options. */
export function useSetItemOptions(menuId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemOptionGroupsBody) =>
      api(`/menu/${menuId}/options`, { method: 'PUT', body, schema: ItemOptionGroupsBodySchema }),
    onSuccess: (saved) => queryClient.setQueryData(keys.item(menuId), saved),
  });
}

/** Whether each choice is sold out at a site, read from that site's menu (GET /category?siteId). */
export function useChoicesAtSite(siteId: number | undefined) {
  return useQuery({
    queryKey: keys.atSite(siteId ?? 0),
    queryFn: ({ signal }) => api('/category', { query: { siteId }, schema: z.array(CategorySchema), signal }),
    select: (categories) =>
      new Map(
        categories
          .flatMap((c) => c.menu)
          .flatMap((m) => m.optionGroups ?? [])
          .flatMap((g) => g.choices)
          .map((c) => [c.id, c.soldOut] as const),
      ),
    enabled: siteId !== undefined,
  });
}

/** PATCH /sites/{siteId}/option-choices/{choiceId}. */
export function useSetChoiceAtSite(siteId: number | undefined) {
  return useInvalidatingMutation(
    ({ choiceId, ...body }: SiteChoicePatchBody & { choiceId: number }) =>
      api(`/sites/${siteId}/option-choices/${choiceId}`, { method: 'PATCH', body, schema: MenuOptionChoiceSchema }),
    [keys.atSite(siteId ?? 0)],
  );
}
