import type { CafeDay, CupsSavedStats, StatsPeriod } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Leaf } from 'lucide-react';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { useCupsSaved } from '@/features/dashboards/api/get-cups-saved';
import type { StatsParams } from '@/features/dashboards/api/stats-params';
import { cupsSavedCsv, cupsSavedFileName, downloadTextFile } from '@/features/dashboards/lib/csv';
import { formatDay } from '@/lib/cafe-time';
import { formatAmount, formatCount, formatKilograms } from '@/lib/format-number';
import { DownloadButton } from './download-button';

interface CupsSavedProps {
  params: StatsParams;
  headingId: string;
  /** What the download is named by: the day it is made and the period shown. */
  today: CafeDay;
  period: StatsPeriod;
  /** The site the numbers are for, named in the download (a company of several sites only). */
  siteName?: string;
}

/** "2026-11" as "November 2026" in the interface's language; anything else as the server wrote it. */
function monthLabel(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? formatDay(`${month}-01`, 'month') : month;
}

/** One breakdown of the period's cups: a row heading per group, then its cups. */
function CupsTable({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: readonly { key: string | number; label: string; cups: number }[];
}) {
  const { _ } = useLingui();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="text-left text-[var(--ink-muted)]">
            <th scope="col">{heading}</th>
            <th scope="col" className="pl-3 text-right">
              {_('dashboards.cups.cups')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-[var(--border)]">
              <th scope="row" className="py-1 text-left font-medium break-words">
                {row.label}
              </th>
              <td className="py-1 pl-3 text-right tabular-nums">{formatCount(row.cups)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The period's figures, the factors they were counted with, and the three breakdowns. */
function CupsSavedFigures({ stats }: { stats: CupsSavedStats }) {
  const { _ } = useLingui();
  const kilograms = (grams: number) => _('dashboards.cups.kilograms', { amount: formatKilograms(grams) });
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
        <CupsTable
          caption={_('dashboards.cups.bySite')}
          heading={_('dashboards.cups.site')}
          rows={stats.bySite.map((row) => ({ key: row.siteId, label: row.siteName, cups: row.cups }))}
        />
        <CupsTable
          caption={_('dashboards.cups.byMonth')}
          heading={_('dashboards.cups.month')}
          rows={stats.byMonth.map((row) => ({ key: row.month, label: monthLabel(row.month), cups: row.cups }))}
        />
        <CupsTable
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
export function CupsSaved({ params, headingId, today, period, siteName }: CupsSavedProps) {
  const { _ } = useLingui();
  const cups = useCupsSaved(params);
  const handleDownload = () => {
    if (cups.data) downloadTextFile(cupsSavedFileName(today, period), cupsSavedCsv(cups.data, siteName));
  };
  return (
    <section aria-labelledby={headingId} className="card p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {_('dashboards.cups.title')}
        </h2>
        <DownloadButton
          label={_('dashboards.cups.download')}
          onClick={handleDownload}
          disabled={!cups.data || cups.data.cups === 0}
        />
      </div>
      {cups.isPending ? (
        <LoadingBlock label={_('dashboards.cups.loading')} />
      ) : cups.isError ? (
        <ErrorState message={_('dashboards.cups.error')} onRetry={() => void cups.refetch()} />
      ) : cups.data.cups === 0 ? (
        <EmptyState icon={<Leaf className="h-7 w-7" />} title={_('dashboards.cups.empty')} />
      ) : (
        <CupsSavedFigures stats={cups.data} />
      )}
    </section>
  );
}
