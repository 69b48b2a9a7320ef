import type { Run } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Plus, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useMe } from '@/api/me';
import { useRun } from '@/api/run';
import { EmptyState, ErrorState, LoadingBlock, PageHeader, StatusPill } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { formatCafeTime, formatPickupTime } from '@/lib/cafe-time';
import { errorText } from '@/lib/error-text';
import { customerPaths, paths } from '@/lib/paths';
import { RunDrinks } from '@/features/runs/components/run-drinks';
import { RunStatusBanner } from '@/features/runs/components/run-status-banner';
import { RunnerActions } from '@/features/runs/components/runner-actions';
import { ShareRunButton } from '@/features/runs/components/share-run-button';
import { useSiteTimeZone } from '@/features/runs/hooks/use-site-time-zone';
import { runStateText } from '@/features/runs/lib/run-text';

/**
 * One coffee run (/runs/:runId), the page its shared link opens: where and when, its drinks, and
 * what the person may do now (share it, add their drink or withdraw it; the runner closes it and
 * says it was collected). Follows the run's live events until it is over (useRun).
 */
export function RunRoute() {
  const { _ } = useLingui();
  const { runId = '' } = useParams();
  const id = /^[1-9]\d{0,15}$/.test(runId) ? Number(runId) : undefined;
  const run = useRun(id, { follow: true });
  const notFound = id === undefined || isApiError(run.error, 'NOT_FOUND');
  if (!notFound && run.isPending) return <LoadingBlock label={_('runs.run.loading')} />;
  if (!notFound && run.data) return <RunView run={run.data} />;
  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title={notFound ? _('runs.run.notFoundTitle') : _('runs.list.title')}
        backTo={paths.runs}
        backLabel={_('runs.run.back')}
      />
      {notFound ? (
        <EmptyState icon={<SearchX className="h-7 w-7" />} title={_('runs.run.notFound')} />
      ) : (
        <ErrorState message={errorText(run.error) ?? _('runs.run.failed')} onRetry={() => void run.refetch()} />
      )}
    </section>
  );
}

function RunView({ run }: { run: Run }) {
  const { _ } = useLingui();
  const me = useMe();
  const timeZone = useSiteTimeZone(run.site.id);
  const state = runStateText(run);
  const isRunner = me !== null && run.runner?.id === me.id;
  const joined = run.drinks.some((drink) => drink.person.id === me?.id);
  // The server refuses a drink for a run that is not open (an over one is closed): no button for it.
  const canAdd = run.state === 'open' && !run.over && me !== null && me.role !== 'barista' && !joined;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title={run.place}
        description={_('runs.run.description', { runner: run.runner?.name ?? _('runs.details.noRunner') })}
        backTo={paths.runs}
        backLabel={_('runs.run.back')}
        actions={<StatusPill tone={state.tone}>{state.text}</StatusPill>}
      />
      <RunStatusBanner run={run} isRunner={isRunner} />

      <dl className="card mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 p-4">
        <dt className="text-[var(--ink-muted)]">{_('runs.details.runner')}</dt>
        <dd className="break-words">{run.runner?.name ?? _('runs.details.noRunner')}</dd>
        <dt className="text-[var(--ink-muted)]">{_('runs.details.pickup')}</dt>
        <dd>{formatPickupTime(run.pickupAt, timeZone)}</dd>
        <dt className="text-[var(--ink-muted)]">
          {run.state === 'open' ? _('runs.details.closes') : _('runs.details.closed')}
        </dt>
        <dd>{formatCafeTime(run.closedAt ?? run.closesAt, timeZone)}</dd>
        <dt className="text-[var(--ink-muted)]">{_('runs.details.site')}</dt>
        <dd className="break-words">{run.site.name}</dd>
      </dl>

      <div className="mb-6 flex flex-col gap-3">
        <div className="flex flex-wrap items-start gap-2">
          {canAdd ? (
            <Link to={paths.withRun(customerPaths(me?.role).menuCafe, run.id)} className="btn-primary">
              <Plus aria-hidden="true" className="h-4 w-4" />
              {_('runs.run.add')}
            </Link>
          ) : null}
          <ShareRunButton run={run} timeZone={timeZone} />
        </div>
        {isRunner ? <RunnerActions run={run} /> : null}
      </div>

      <h2 id="run-drinks-title" className="mb-3 text-xl font-semibold">
        {_('runs.drinks.title', { count: run.drinks.length })}
      </h2>
      <RunDrinks run={run} meId={me?.id} />
    </section>
  );
}
