import { RunSchema } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runQueryOptions, runsRootKey } from '@/api/run';
import { api } from '@/lib/api-client';

/** POST /runs/{id}/close: no more drinks (the runner, or staff of its site). Closing twice is no harm. */
export const closeRun = (runId: number) =>
  api(`/runs/${encodeURIComponent(String(runId))}/close`, { method: 'POST', schema: RunSchema });

export function useCloseRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeRun,
    onSuccess: (run) => {
      queryClient.setQueryData(runQueryOptions(run.id).queryKey, run);
      void queryClient.invalidateQueries({ queryKey: [...runsRootKey, 'open'] });
    },
  });
}
