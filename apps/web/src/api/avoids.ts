import type { AvoidsBody, DietTag } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryOptions, useMe } from './me';

/** PUT /user/me/avoids: the signed-in person's whole list of what they cannot drink. */
export const setMyAvoids = async (body: AvoidsBody) => {
  const { AvoidsBodySchema } = await import('./avoids-schema');
  return api('/user/me/avoids', { method: 'PUT', body, schema: AvoidsBodySchema });
};

/** Saves what the person avoids; the one copy of the profile (`me`) takes the saved list. */
export function useSetMyAvoids() {
  const queryClient = useQueryClient();
  const { queryKey } = meQueryOptions();
  return useMutation({
    mutationFn: setMyAvoids,
    onSuccess: ({ avoids }) => queryClient.setQueryData(queryKey, (me) => (me ? { ...me, avoids } : me)),
  });
}

/** What the signed-in person avoids ([] for none, or signed out). */
export function useMyAvoids(): DietTag[] {
  return useMe()?.avoids ?? [];
}
