import { RunSchema } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runQueryOptions } from '@/api/run';
import { api } from '@/lib/api-client';

/** POST /runs/{id}/collect: the runner took every finished drink of the run from the counter. */
export const collectRun = (runId: number) =>
  api(`/runs/${encodeURIComponent(String(runId))}/collect`, { method: 'POST', schema: RunSchema });

export function useCollectRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectRun,
    onSuccess: (run) => queryClient.setQueryData(runQueryOptions(run.id).queryKey, run),
  });
}
