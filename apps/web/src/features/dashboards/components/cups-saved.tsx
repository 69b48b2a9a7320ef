import type { CupsSavedStats } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Leaf } from 'lucide-react';
import { EmptyState } from '@/components/ui';
import { useCupsSaved } from '@/features/dashboards/api/stats';
import { csvFileName, cupsSavedCsv } from '@/features/dashboards/lib/csv';
import { formatDay } from '@/lib/cafe-time';
import { formatAmount, formatCount, formatKilograms } from '@/lib/format-number';
import { FiguresTable, type FigureColumn } from './figures-table';
import { StatSection, type DownloadCardProps } from './stat-section';

/** "2026-11" as "November 2026" in the interface's language; anything else as the server wrote it. */
function monthLabel(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? formatDay(`${month}-01`, 'month') : month;
}

/** The period's figures, the factors they were counted with, and the three breakdowns. */
function CupsSavedFigures({ stats }: { stats: CupsSavedStats }) {
  const { _ } = useLingui();
  const kilograms = (grams: number) => _('dashboards.cups.kilograms', { amount: formatKilograms(grams) });
  const cups: FigureColumn<{ cups: number }>[] = [
    { heading: _('dashboards.cups.cups'), value: (row) => formatCount(row.cups) },
  ];
  const figures = [
    { key: 'cups', label: _('dashboards.cups.total'), value: formatCount(stats.cups) },
    { key: 'waste', label: _('dashboards.cups.waste'), value: kilograms(stats.wasteGrams) },
    { key: 'co2', label: _('dashboards.cups.co2'), value: kilograms(stats.co2Grams) },
  ];
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.key} className="rounded-xl bg-[var(--surface-sunken)] p-3">
            <dt className="text-sm font-medium text-[var(--ink-muted)]">{figure.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 mb-3 text-sm text-[var(--ink-muted)]">
        {_('dashboards.cups.factors', {
          waste: formatAmount(stats.factors.wasteGramsPerCup),
          co2: formatAmount(stats.factors.co2GramsPerCup),
        })}
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        <FiguresTable
          columns={cups}
          caption={_('dashboards.cups.bySite')}
          heading={_('dashboards.cups.site')}
          rows={stats.bySite.map((row) => ({ key: row.siteId, label: row.siteName, cups: row.cups }))}
        />
        <FiguresTable
          columns={cups}
          caption={_('dashboards.cups.byMonth')}
          heading={_('dashboards.cups.month')}
          rows={stats.byMonth.map((row) => ({ key: row.month, label: monthLabel(row.month), cups: row.cups }))}
        />
        <FiguresTable
          columns={cups}
          caption={_('dashboards.cups.byTeam')}
          heading={_('dashboards.cups.team')}
          rows={stats.byTeam.map((row) => ({
            // No team is null, which no team's name can be: keys stay apart.
            key: row.team === null ? 0 : `team:${row.team}`,
            label: row.team ?? _('dashboards.cups.noTeam'),
            cups: row.cups,
          }))}
        />
      </div>
    </>
  );
}

/**
 * "Cups saved" (cafe): drinks picked up in their owner's own tumbler in the period, each a
 * disposable cup that was not thrown away, with the waste and CO2e avoided by the company's factors
 * (settings CUPS_WASTE_GRAMS and CUPS_CO2_GRAMS, docs/cups-saved.md), per site, month and team, and
 * their CSV.
 */
export function CupsSaved({ params, headingId, today, period, siteName }: DownloadCardProps) {
  const { _ } = useLingui();
  return (
    <StatSection
      headingId={headingId}
      title={_('dashboards.cups.title')}
      query={useCupsSaved(params)}
      loadingLabel={_('dashboards.cups.loading')}
      errorMessage={_('dashboards.cups.error')}
      isEmpty={(stats) => stats.cups === 0}
      empty={<EmptyState icon={<Leaf className="h-7 w-7" />} title={_('dashboards.cups.empty')} />}
      download={{
        label: _('dashboards.cups.download'),
        fileName: csvFileName('cafe-cups-saved', today, period),
        csv: (stats) => cupsSavedCsv(stats, siteName),
      }}
    >
      {(stats) => <CupsSavedFigures stats={stats} />}
    </StatSection>
  );
}
