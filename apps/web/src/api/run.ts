import type { Run } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every answer about coffee runs (one run, a site's open runs): invalidating it reads each shown again. */
export const runsRootKey = ['runs'] as const;

/**
 * How often a run is read again while it can still change (decision 0094): the live events carry an
 * order to its owner and the counter only, not to the runner or the colleagues following the run.
 */
export const RUN_POLL_MS = 5000;

/** GET /runs/{id}: one run, for any signed-in person (404 when there is none). */
export const fetchRun = async (runId: number, signal?: AbortSignal) => {
  const { RunSchema } = await import('./run-schema');
  return api(`/runs/${encodeURIComponent(String(runId))}`, { schema: RunSchema, signal });
};

export const runQueryOptions = (runId: number) =>
  queryOptions({
    queryKey: [...runsRootKey, 'one', runId] as const,
    queryFn: ({ signal }) => fetchRun(runId, signal),
  });

/** A run that will not change again: its drinks all picked up, or closed without any. */
export function runIsOver(run: Run | undefined): boolean {
  return run !== undefined && (run.collected || run.state === 'dropped');
}

/**
 * One run (undefined: none asked for). `follow`: read it again every 5 seconds while it is not
 * over, and whenever the page is looked at again; the order form only needs its place and time.
 */
export function useRun(runId: number | undefined, { follow = false }: { follow?: boolean } = {}) {
  return useQuery({
    ...runQueryOptions(runId ?? 0),
    enabled: runId !== undefined,
    refetchInterval: follow ? (query) => (runIsOver(query.state.data) ? false : RUN_POLL_MS) : false,
    refetchOnWindowFocus: follow ? 'always' : true,
  });
}
