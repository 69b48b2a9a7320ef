import { useParams } from 'react-router';
import { RunRoute } from '@/features/runs/routes/run-route';
import { RunsRoute } from '@/features/runs/routes/runs-route';

/** The coffee runs' screens in one chunk: the list at /runs, one run at /runs/:runId. */
export function RunsScreen() {
  const { runId } = useParams();
  return runId === undefined ? <RunsRoute /> : <RunRoute />;
}
