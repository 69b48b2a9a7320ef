import { PrivacyPolicySchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /privacy (public): how long the cafe keeps what, from the settings its daily clean-up uses. */
export function usePrivacyPolicy() {
  return useQuery({ queryKey: ['privacy'] as const, queryFn: () => api('/privacy', { schema: PrivacyPolicySchema }) });
}
