import { PrivacyPolicySchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /privacy (public): how long the cafe keeps what, from the settings its daily clean-up uses. */
export const fetchPrivacyPolicy = () => api('/privacy', { schema: PrivacyPolicySchema });

export const privacyPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['privacy'] as const,
    queryFn: fetchPrivacyPolicy,
  });

export function usePrivacyPolicy() {
  return useQuery(privacyPolicyQueryOptions());
}
