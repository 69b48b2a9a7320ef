import { OutboxHealthSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often the health screen reads the outbox again while it is open and the tab is visible. */
export const OUTBOX_REFRESH_MS = 10_000;

/**
 * GET /notifications/outbox (admin): what waits, what failed and the last errors, per channel; read
 * again every OUTBOX_REFRESH_MS while the page is visible (not in a background tab).
 */
export function useOutboxHealth() {
  return useQuery({
    queryKey: ['notifications', 'outbox'] as const,
    queryFn: () => api('/notifications/outbox', { schema: OutboxHealthSchema }),
    refetchInterval: OUTBOX_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
