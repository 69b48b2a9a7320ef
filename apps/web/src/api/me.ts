import { MeSchema } from '@cafe/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client';

export const fetchMe = () => api('/user/me', { schema: MeSchema });

export const meQueryOptions = () => queryOptions({ queryKey: ['me'] as const, queryFn: fetchMe });
