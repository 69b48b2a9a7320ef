import { useSearchParams } from 'react-router';
import { useRun } from '@/api/run';
import { runIdOf } from '@/lib/paths';

/**
 * The coffee run a drink is being chosen for (`?run=12` on the cafe menu and the order form), and
 * the run itself: undefined when the person is ordering for themselves.
 */
export function useOrderRun() {
  const [search] = useSearchParams();
  const runId = runIdOf(search);
  return { runId, run: useRun(runId) };
}
