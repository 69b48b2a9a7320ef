import { RunSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { runsRootKey } from '@/api/run';
import { api } from '@/lib/api-client';

const OpenRunsSchema = z.array(RunSchema);

/** GET /runs?siteId=: a site's open runs (the person's home site without one). */
export const fetchOpenRuns = (siteId: number | undefined, signal?: AbortSignal) =>
  api('/runs', { query: { siteId }, schema: OpenRunsSchema, signal });

export const openRunsQueryOptions = (siteId: number | undefined) =>
  queryOptions({
    queryKey: [...runsRootKey, 'open', siteId ?? 'home'] as const,
    queryFn: ({ signal }) => fetchOpenRuns(siteId, signal),
  });

/** The open runs of a site; a run closes by its own clock, so the list is read again now and then. */
export function useOpenRuns(siteId: number | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...openRunsQueryOptions(siteId), enabled, refetchInterval: 30_000 });
}
