import type { CafeDay, StatsPeriod } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { ErrorState, LoadingBlock } from '@/components/ui';
import { DownloadButton } from './download-button';
import { downloadTextFile, optionsCsv, optionsFileName } from '@/features/dashboards/lib/csv';
import { usePopularOptions } from '@/features/dashboards/api/get-popular-options';
import type { StatsParams } from '@/features/dashboards/api/stats-params';

interface PopularOptionsProps {
  params: StatsParams;
  headingId: string;
  /** What the download is named by: the day it is made and the period shown. */
  today: CafeDay;
  period: StatsPeriod;
  /** The site the numbers are for, named in the download (a company of several sites only). */
  siteName?: string;
}

/**
 * "Most chosen options": the ten choices most made on served drinks of the period (by the names
 * orders kept), and their CSV.
 */
export function PopularOptions({ params, headingId, today, period, siteName }: PopularOptionsProps) {
  const { _ } = useLingui();
  const options = usePopularOptions(params);
  const handleDownload = () => {
    if (options.data) downloadTextFile(optionsFileName(today, period), optionsCsv(options.data, siteName));
  };
  return (
    <section aria-labelledby={headingId} className="card p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {_('dashboards.options.title')}
        </h2>
        <DownloadButton
          label={_('dashboards.options.download')}
          onClick={handleDownload}
          disabled={!options.data || options.data.length === 0}
        />
      </div>
      {options.isPending ? (
        <LoadingBlock label={_('dashboards.options.loading')} />
      ) : options.isError ? (
        <ErrorState message={_('dashboards.options.error')} onRetry={() => void options.refetch()} />
      ) : options.data.length === 0 ? (
        <p className="text-sm text-[var(--ink-muted)]">{_('dashboards.options.empty')}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-[var(--ink-muted)]">
              <th scope="col">{_('dashboards.options.group')}</th>
              <th scope="col">{_('dashboards.options.choice')}</th>
              <th scope="col" className="text-right">
                {_('dashboards.options.orders')}
              </th>
            </tr>
          </thead>
          <tbody>
            {options.data.map((row) => (
              <tr key={`${row.group}/${row.choice}`} className="border-t border-[var(--border)]">
                <td className="py-1">{row.group}</td>
                <td className="py-1 font-medium">{row.choice}</td>
                <td className="py-1 text-right tabular-nums">{row.totalOrder}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
