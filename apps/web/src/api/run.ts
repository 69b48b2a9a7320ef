import type { Run } from '@cafe/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';

/** Every answer about coffee runs (one run, a site's open runs): invalidating it reads each shown again. */
export const runsRootKey = ['runs'] as const;

/**
 * How often a run is read again while it can still change: a safety net only. Its runner and the
 * people in it hear every change as it happens (the `run` live event, decision 0100); a colleague
 * who only looks at the run, or a change told while the connection was away, is read at this pace
 * (and on every reconnect, and on coming back to the page).
 */
export const RUN_POLL_MS = 30_000;

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

/** A run that will not change again: closed with every drink collected, or closed without any (`over`). */
export function runIsOver(run: Run | undefined): boolean {
  return run !== undefined && run.over;
}

/** The newer of two reads of one run (a live event may overtake an answer, or another event). */
const newer = (shown: Run | undefined, heard: Run): Run => (shown && shown.updatedAt > heard.updatedAt ? shown : heard);

/**
 * One run (undefined: none asked for). `follow`: apply its `run` live events as they come, read it
 * again on every reconnect, on coming back to the page and, as a safety net, every 30 seconds while
 * it is not over; the order form only needs its place and time.
 */
export function useRun(runId: number | undefined, { follow = false }: { follow?: boolean } = {}) {
  const queryClient = useQueryClient();
  const heard = useCallback(
    (run: Run) => {
      if (follow && run.id === runId) {
        queryClient.setQueryData(runQueryOptions(run.id).queryKey, (shown) => newer(shown, run));
      }
    },
    [follow, runId, queryClient],
  );
  useLiveEvent('run', heard);
  const reread = useCallback(() => {
    if (follow && runId !== undefined) {
      void queryClient.invalidateQueries({ queryKey: runQueryOptions(runId).queryKey, exact: true });
    }
  }, [follow, runId, queryClient]);
  useOnReconnect(reread);
  return useQuery({
    ...runQueryOptions(runId ?? 0),
    enabled: runId !== undefined,
    refetchInterval: follow ? (query) => (runIsOver(query.state.data) ? false : RUN_POLL_MS) : false,
    refetchOnWindowFocus: follow ? 'always' : true,
  });
}
