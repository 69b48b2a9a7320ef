import { RunSchema, type Run, type RunCreateBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runQueryOptions, runsRootKey } from '@/api/run';
import { api } from '@/lib/api-client';

/** POST /runs/{id}/{action}: a move on one run, answered with the run as it is after it. */
const runAction = (action: 'close' | 'collect') => (runId: number) =>
  api(`/runs/${encodeURIComponent(String(runId))}/${action}`, { method: 'POST', schema: RunSchema });

/**
 * A call answered with a run: the run is in the cache for its page at once and, when the call
 * `opensOrCloses` one, the open runs' lists are read again.
 */
function useRunAnswer<T>(mutationFn: (input: T) => Promise<Run>, opensOrCloses: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (run) => {
      queryClient.setQueryData(runQueryOptions(run.id).queryKey, run);
      if (opensOrCloses) void queryClient.invalidateQueries({ queryKey: [...runsRootKey, 'open'] });
    },
  });
}

/** POST /runs: start a run at a site for one of its cafe slots. */
export const useStartRun = () =>
  useRunAnswer((body: RunCreateBody) => api('/runs', { method: 'POST', body, schema: RunSchema }), true);

/** POST /runs/{id}/close: no more drinks (the runner, or staff of its site). Closing twice is no harm. */
export const useCloseRun = () => useRunAnswer(runAction('close'), true);

/** POST /runs/{id}/collect: the runner took every finished drink of the run from the counter. */
export const useCollectRun = () => useRunAnswer(runAction('collect'), false);
