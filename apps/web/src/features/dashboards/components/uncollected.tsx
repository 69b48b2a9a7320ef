import { useLingui } from '@lingui/react';
import { UserCheck } from 'lucide-react';
import { EmptyState } from '@/components/ui';
import { useUncollected, useUncollectedPeople, type StatsParams } from '@/features/dashboards/api/stats';
import { StatCard } from './stat-card';
import { StatSection } from './stat-section';

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

/** Drinks not collected beside the served ones, a row per site or person (`heading` names which). */
function UncollectedTable({
  heading,
  rows,
}: {
  heading: string;
  rows: readonly { key: number; label: string; uncollected: number; served: number }[];
}) {
  const { _ } = useLingui();
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-[var(--ink-muted)]">
          <th scope="col">{heading}</th>
          <th scope="col" className="text-right">
            {_('dashboards.uncollected.column')}
          </th>
          <th scope="col" className="text-right">
            {_('dashboards.uncollected.served')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-[var(--border)]">
            <th scope="row" className="py-1 text-left font-medium">
              {row.label}
            </th>
            <td className="py-1 text-right tabular-nums">{row.uncollected}</td>
            <td className="py-1 text-right tabular-nums">{row.served}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
      <UncollectedTable
        heading={_('dashboards.uncollected.site')}
        rows={uncollected.data.bySite.map((row) => ({
          ...row,
          key: row.siteId,
          label: row.archived ? _('dashboards.uncollected.archivedSite', { name: row.name }) : row.name,
        }))}
      />
    </section>
  );
}

/** "Left most often" (admins only): who left the most drinks in the period, most first. */
export function LeftMostOften({ params, headingId }: { params: StatsParams; headingId: string }) {
  const { _ } = useLingui();
  return (
    <StatSection
      headingId={headingId}
      title={_('dashboards.leftMost.title')}
      description={_('dashboards.leftMost.description')}
      query={useUncollectedPeople(params)}
      loadingLabel={_('dashboards.leftMost.loading')}
      errorMessage={_('dashboards.leftMost.error')}
      isEmpty={(people) => people.length === 0}
      empty={<EmptyState icon={<UserCheck className="h-7 w-7" />} title={_('dashboards.leftMost.empty')} />}
    >
      {(people) => (
        <UncollectedTable
          heading={_('dashboards.leftMost.name')}
          rows={people.map((person) => ({ ...person, key: person.userId, label: person.name }))}
        />
      )}
    </StatSection>
  );
}
