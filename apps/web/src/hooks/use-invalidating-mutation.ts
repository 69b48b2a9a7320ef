import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveStatus } from '@/lib/live-listeners';

/**
 * A mutation after which what is kept under each of `keys` is read again: once it succeeded, or
 * (`settled`) whatever its outcome, where a failure too may mean the screen is out of date (another
 * barista was faster); `offline`: so, but only while the live channel is down (when it is up, the
 * move's own event brings the truth). The mutation ends when the reads have.
 */
export function useInvalidatingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  keys: readonly QueryKey[],
  when: 'success' | 'settled' | 'offline' = 'success',
) {
  const queryClient = useQueryClient();
  const read = async () => {
    if (when === 'offline' && useLiveStatus.getState().connected) return;
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  return useMutation({ mutationFn, ...(when === 'success' ? { onSuccess: read } : { onSettled: read }) });
}
