import type { PrepFigures } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Timer } from 'lucide-react';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { usePrepTimes } from '@/features/dashboards/api/get-prep-times';
import type { StatsParams } from '@/features/dashboards/api/stats-params';
import { formatDuration } from '@/features/dashboards/lib/chart-data';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time as every dashboard says one ("45 s", "3 min 5 s": the average preparation time's card
 * too); a dash without samples.
 */
export function durationOrDash(seconds: number | null): string {
  return seconds === null ? '-' : formatDuration(seconds);
}

/** One table of the section: a row heading per group, then its median, 90th percentile and drinks over the target. */
function FiguresTable({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: readonly (PrepFigures & { key: string | number; label: string })[];
}) {
  const { _ } = useLingui();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-xs sm:text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="text-left text-[var(--ink-muted)]">
            <th scope="col">{heading}</th>
            <th scope="col" className="pl-2 text-right sm:pl-3">
              {_('dashboards.prep.drinks')}
            </th>
            <th scope="col" className="pl-2 text-right sm:pl-3">
              {_('dashboards.prep.median')}
            </th>
            <th scope="col" className="pl-2 text-right sm:pl-3">
              {_('dashboards.prep.p90')}
            </th>
            <th scope="col" className="pl-2 text-right sm:pl-3">
              {_('dashboards.prep.over')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-[var(--border)]">
              <th scope="row" className="py-1 text-left font-medium">
                {row.label}
              </th>
              <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums sm:pl-3">{row.samples}</td>
              <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums sm:pl-3">
                {durationOrDash(row.medianSeconds)}
              </td>
              <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums sm:pl-3">
                {durationOrDash(row.p90Seconds)}
              </td>
              <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums sm:pl-3">{row.overTarget}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Preparation times": how long drinks took from in-progress to done (median and 90th percentile,
 * "3 min 5 s") and how many took longer than the site's target, per drink, per hour they were
 * placed and per barista who finished them (a barista sees their own row).
 */
export function PrepTimes({ params, headingId }: { params: StatsParams; headingId: string }) {
  const { _ } = useLingui();
  const times = usePrepTimes(params);
  const hour = (h: number) => `${pad(h)}:00-${pad((h + 1) % 24)}:00`;
  return (
    <section aria-labelledby={headingId} className="card p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {_('dashboards.prep.title')}
      </h2>
      {times.isPending ? (
        <LoadingBlock label={_('dashboards.prep.loading')} />
      ) : times.isError ? (
        <ErrorState message={_('dashboards.prep.error')} onRetry={() => void times.refetch()} />
      ) : times.data.all.samples === 0 ? (
        <EmptyState icon={<Timer className="h-7 w-7" />} title={_('dashboards.prep.empty')} />
      ) : (
        <>
          <p className="mb-3 text-sm text-[var(--ink-muted)]">
            {times.data.targetMinutes === null
              ? _('dashboards.prep.summarySites', {
                  median: durationOrDash(times.data.all.medianSeconds),
                  over: times.data.all.overTarget,
                  drinks: times.data.all.samples,
                })
              : _('dashboards.prep.summary', {
                  median: durationOrDash(times.data.all.medianSeconds),
                  over: times.data.all.overTarget,
                  drinks: times.data.all.samples,
                  target: times.data.targetMinutes,
                })}
          </p>
          <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            <FiguresTable
              caption={_('dashboards.prep.byDrink')}
              heading={_('dashboards.prep.drink')}
              rows={times.data.byDrink.map((r) => ({ ...r, key: r.menuId, label: r.name }))}
            />
            <FiguresTable
              caption={_('dashboards.prep.byHour')}
              heading={_('dashboards.prep.hour')}
              rows={times.data.byHour.map((r) => ({ ...r, key: r.hour, label: hour(r.hour) }))}
            />
            <FiguresTable
              caption={_('dashboards.prep.byBarista')}
              heading={_('dashboards.prep.barista')}
              rows={times.data.byBarista.map((r) => ({ ...r, key: r.userId, label: r.name }))}
            />
          </div>
        </>
      )}
    </section>
  );
}
