import { useLingui } from '@lingui/react';
import { UserCheck } from 'lucide-react';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { useUncollected } from '@/features/dashboards/api/get-uncollected';
import { useUncollectedPeople } from '@/features/dashboards/api/get-uncollected-people';
import type { StatsParams } from '@/features/dashboards/api/stats-params';
import { StatCard } from './stat-card';

/*
 * Drinks nobody collected (a barista marked them "not collected"), counted apart from the served
 * ones (docs/decisions/0050-uncollected-statistics.md): a number for the period, a table per site
 * when an admin looks at every site together, and for admins who left drinks most often.
 */

/** "Not collected": the period's count, beside the drinks served in it. */
export function NotCollectedCard({ params }: { params: StatsParams }) {
  const { _ } = useLingui();
  const uncollected = useUncollected(params);
  return (
    <StatCard
      label={_('dashboards.uncollected.label')}
      loadingLabel={_('dashboards.uncollected.loading')}
      value={uncollected.data?.total}
      detail={uncollected.data ? _('dashboards.uncollected.detail', { served: uncollected.data.served }) : undefined}
      loading={uncollected.isPending}
      error={uncollected.isError}
    />
  );
}

/** Every site's count, for an admin looking at every site together (shown only with more than one site). */
export function NotCollectedBySite({ params, headingId }: { params: StatsParams; headingId: string }) {
  const { _ } = useLingui();
  const uncollected = useUncollected(params);
  if (!uncollected.data || uncollected.data.bySite.length < 2) return null;
  return (
    <section aria-labelledby={headingId} className="card p-4">
      <h2 id={headingId} className="mb-2 text-lg font-semibold">
        {_('dashboards.uncollected.bySite')}
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-[var(--ink-muted)]">
            <th scope="col">{_('dashboards.uncollected.site')}</th>
            <th scope="col" className="text-right">
              {_('dashboards.uncollected.column')}
            </th>
            <th scope="col" className="text-right">
              {_('dashboards.uncollected.served')}
            </th>
          </tr>
        </thead>
        <tbody>
          {uncollected.data.bySite.map((row) => (
            <tr key={row.siteId} className="border-t border-[var(--border)]">
              <th scope="row" className="py-1 text-left font-medium">
                {row.archived ? _('dashboards.uncollected.archivedSite', { name: row.name }) : row.name}
              </th>
              <td className="py-1 text-right tabular-nums">{row.uncollected}</td>
              <td className="py-1 text-right tabular-nums">{row.served}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** "Left most often" (admins only): who left the most drinks in the period, most first. */
export function LeftMostOften({ params, headingId }: { params: StatsParams; headingId: string }) {
  const { _ } = useLingui();
  const people = useUncollectedPeople(params);
  return (
    <section aria-labelledby={headingId} className="card p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {_('dashboards.leftMost.title')}
      </h2>
      <p className="mb-2 text-sm text-[var(--ink-muted)]">{_('dashboards.leftMost.description')}</p>
      {people.isPending ? (
        <LoadingBlock label={_('dashboards.leftMost.loading')} />
      ) : people.isError ? (
        <ErrorState message={_('dashboards.leftMost.error')} onRetry={() => void people.refetch()} />
      ) : people.data.length === 0 ? (
        <EmptyState icon={<UserCheck className="h-7 w-7" />} title={_('dashboards.leftMost.empty')} />
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-[var(--ink-muted)]">
              <th scope="col">{_('dashboards.leftMost.name')}</th>
              <th scope="col" className="text-right">
                {_('dashboards.uncollected.column')}
              </th>
              <th scope="col" className="text-right">
                {_('dashboards.uncollected.served')}
              </th>
            </tr>
          </thead>
          <tbody>
            {people.data.map((person) => (
              <tr key={person.userId} className="border-t border-[var(--border)]">
                <th scope="row" className="py-1 text-left font-medium">
                  {person.name}
                </th>
                <td className="py-1 text-right tabular-nums">{person.uncollected}</td>
                <td className="py-1 text-right tabular-nums">{person.served}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
