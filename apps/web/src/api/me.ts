import { MeSchema } from '@cafe/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** GET /user/me; a failure is logged as the specification words it and passed on. */
export const fetchMe = () =>
  api('/user/me', { schema: MeSchema }).catch((error: unknown) => {
    console.error('Access denied 401 (getUserMe)');
    throw error;
  });

export const meQueryOptions = () => queryOptions({ queryKey: ['me'] as const, queryFn: fetchMe });
