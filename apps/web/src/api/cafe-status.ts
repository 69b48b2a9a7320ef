import { CafeStatusSchema, type CafeStatus } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

export const fetchCafeStatus = () => api('/cafe-status', { schema: CafeStatusSchema });

export const cafeStatusQueryOptions = () =>
  queryOptions({ queryKey: ['cafe-status'] as const, queryFn: fetchCafeStatus });

export function useCafeStatus() {
  return useQuery(cafeStatusQueryOptions());
}

export type { CafeStatus };
