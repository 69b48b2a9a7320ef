import type { Run } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { formatCafeTime, formatPickupTime } from '@/lib/cafe-time';
import { errorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { useOpenRuns } from '@/features/runs/api/get-open-runs';

/**
 * The open runs of the person's site (the server's home site, as the menu's): where, who runs it,
 * its times and its drinks so far.
 */
export function OpenRunsList({ timeZone }: { timeZone: string }) {
  const { _ } = useLingui();
  const runs = useOpenRuns();
  if (runs.isPending) return <LoadingBlock label={_('runs.list.loading')} />;
  if (runs.isError && !runs.data) {
    return <ErrorState message={errorText(runs.error) ?? _('runs.list.failed')} onRetry={() => void runs.refetch()} />;
  }
  const open = runs.data.filter((run) => run.state === 'open');
  if (open.length === 0) {
    return (
      <EmptyState
        icon={<Users className="h-7 w-7" />}
        title={_('runs.list.empty')}
        description={_('runs.list.emptyHint')}
        className="py-6"
      />
    );
  }
  return (
    <ul className="space-y-3">
      {open.map((run) => (
        <OpenRunItem key={run.id} run={run} timeZone={timeZone} />
      ))}
    </ul>
  );
}

function OpenRunItem({ run, timeZone }: { run: Run; timeZone: string }) {
  const { _ } = useLingui();
  return (
    <li className="card p-4">
      <h3 className="text-lg font-semibold break-words">
        <Link to={paths.run(run.id)} className="text-[var(--accent-on-soft)] underline-offset-2 hover:underline">
          {run.place}
        </Link>
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-[var(--ink-muted)]">{_('runs.details.runner')}</dt>
        <dd className="break-words">{run.runner?.name ?? _('runs.details.noRunner')}</dd>
        <dt className="text-[var(--ink-muted)]">{_('runs.details.pickup')}</dt>
        <dd>{formatPickupTime(run.pickupAt, timeZone)}</dd>
        <dt className="text-[var(--ink-muted)]">{_('runs.details.closes')}</dt>
        <dd>{formatCafeTime(run.closesAt, timeZone)}</dd>
        <dt className="text-[var(--ink-muted)]">{_('runs.details.drinks')}</dt>
        <dd>{_('runs.details.drinkCount', { count: run.drinks.length })}</dd>
      </dl>
    </li>
  );
}
