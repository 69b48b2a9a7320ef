import { UserSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /user: every user (admin only). */
export const usersQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'list'] as const, queryFn: () => api('/user', { schema: z.array(UserSchema) }) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
