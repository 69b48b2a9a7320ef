import { RunSchema, type RunCreateBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runQueryOptions, runsRootKey } from '@/api/run';
import { api } from '@/lib/api-client';

/** POST /runs: start a run at a site for one of its cafe slots. */
export const startRun = (body: RunCreateBody) => api('/runs', { method: 'POST', body, schema: RunSchema });

/** Starting a run: the new run is in the cache for its page at once, and the lists are read again. */
export function useStartRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRun,
    onSuccess: (run) => {
      queryClient.setQueryData(runQueryOptions(run.id).queryKey, run);
      void queryClient.invalidateQueries({ queryKey: [...runsRootKey, 'open'] });
    },
  });
}
