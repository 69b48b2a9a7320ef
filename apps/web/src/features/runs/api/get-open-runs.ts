import { RunSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { runsRootKey } from '@/api/run';
import { api } from '@/lib/api-client';

const OpenRunsSchema = z.array(RunSchema);

/**
 * GET /runs: the open runs of the person's home site. A run closes by its own clock, so the list is
 * read again now and then.
 */
export function useOpenRuns() {
  return useQuery({
    queryKey: [...runsRootKey, 'open', 'home'] as const,
    queryFn: ({ signal }) => api('/runs', { schema: OpenRunsSchema, signal }),
    refetchInterval: 30_000,
  });
}
