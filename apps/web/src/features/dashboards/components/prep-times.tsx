import type { PrepFigures } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Timer } from 'lucide-react';
import { EmptyState } from '@/components/ui';
import { usePrepTimes, type StatsParams } from '@/features/dashboards/api/stats';
import { formatDuration, hourName } from '@/features/dashboards/lib/chart-data';
import { FiguresTable, type FigureColumn } from './figures-table';
import { StatSection } from './stat-section';

/**
 * A time as every dashboard says one ("45 s", "3 min 5 s": the average preparation time's card
 * too); a dash without samples.
 */
export function durationOrDash(seconds: number | null): string {
  return seconds === null ? '-' : formatDuration(seconds);
}

/**
 * "Preparation times": how long drinks took from in-progress to done (median and 90th percentile,
 * "3 min 5 s") and how many took longer than the site's target, per drink, per hour they were
 * placed and per barista who finished them (a barista sees their own row).
 */
export function PrepTimes({ params, headingId }: { params: StatsParams; headingId: string }) {
  const { _ } = useLingui();
  // Each table: a row heading per group, then its median, 90th percentile and drinks over the target.
  const columns: FigureColumn<PrepFigures>[] = [
    { heading: _('dashboards.prep.drinks'), value: (row) => row.samples },
    { heading: _('dashboards.prep.median'), value: (row) => durationOrDash(row.medianSeconds) },
    { heading: _('dashboards.prep.p90'), value: (row) => durationOrDash(row.p90Seconds) },
    { heading: _('dashboards.prep.over'), value: (row) => row.overTarget },
  ];
  return (
    <StatSection
      headingId={headingId}
      title={_('dashboards.prep.title')}
      query={usePrepTimes(params)}
      loadingLabel={_('dashboards.prep.loading')}
      errorMessage={_('dashboards.prep.error')}
      isEmpty={(times) => times.all.samples === 0}
      empty={<EmptyState icon={<Timer className="h-7 w-7" />} title={_('dashboards.prep.empty')} />}
    >
      {(times) => (
        <>
          <p className="mb-3 text-sm text-[var(--ink-muted)]">
            {times.targetMinutes === null
              ? _('dashboards.prep.summarySites', {
                  median: durationOrDash(times.all.medianSeconds),
                  over: times.all.overTarget,
                  drinks: times.all.samples,
                })
              : _('dashboards.prep.summary', {
                  median: durationOrDash(times.all.medianSeconds),
                  over: times.all.overTarget,
                  drinks: times.all.samples,
                  target: times.targetMinutes,
                })}
          </p>
          <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            <FiguresTable
              dense
              columns={columns}
              caption={_('dashboards.prep.byDrink')}
              heading={_('dashboards.prep.drink')}
              rows={times.byDrink.map((r) => ({ ...r, key: r.menuId, label: r.name }))}
            />
            <FiguresTable
              dense
              columns={columns}
              caption={_('dashboards.prep.byHour')}
              heading={_('dashboards.prep.hour')}
              rows={times.byHour.map((r) => ({ ...r, key: r.hour, label: hourName(r.hour) }))}
            />
            <FiguresTable
              dense
              columns={columns}
              caption={_('dashboards.prep.byBarista')}
              heading={_('dashboards.prep.barista')}
              rows={times.byBarista.map((r) => ({ ...r, key: r.userId, label: r.name }))}
            />
          </div>
        </>
      )}
    </StatSection>
  );
}
