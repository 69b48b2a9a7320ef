import { CafeStatusSchema } from '@cafe/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The venue state of the site the staff screens act on (its own entry, as the person's own site's
 * state drives the rest of the app); the board keeps it current from the live channel, which
 * follows that site (hooks/use-board-live.ts). Here, not beside the person's own
 * venue state in api/cafe-status.ts: its answer is parsed with the schema library, which the first
 * screen does not load.
 */
export const staffCafeStatusQueryOptions = (siteId: number | undefined) =>
  queryOptions({
    queryKey: ['cafe-status', 'staff', { siteId }] as const,
    queryFn: () => api('/cafe-status', { query: { siteId }, schema: CafeStatusSchema }),
  });
