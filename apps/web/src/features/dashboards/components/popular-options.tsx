import { useLingui } from '@lingui/react';
import { usePopularOptions } from '@/features/dashboards/api/stats';
import { csvFileName, optionsCsv } from '@/features/dashboards/lib/csv';
import { StatSection, type DownloadCardProps } from './stat-section';

/**
 * "Most chosen options": the ten choices most made on served drinks of the period (by the names
 * orders kept), and their CSV.
 */
export function PopularOptions({ params, headingId, today, period, siteName }: DownloadCardProps) {
  const { _ } = useLingui();
  return (
    <StatSection
      headingId={headingId}
      title={_('dashboards.options.title')}
      query={usePopularOptions(params)}
      loadingLabel={_('dashboards.options.loading')}
      errorMessage={_('dashboards.options.error')}
      isEmpty={(rows) => rows.length === 0}
      empty={<p className="text-sm text-[var(--ink-muted)]">{_('dashboards.options.empty')}</p>}
      download={{
        label: _('dashboards.options.download'),
        fileName: csvFileName('cafe-options', today, period),
        csv: (rows) => optionsCsv(rows, siteName),
      }}
    >
      {(rows) => (
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
            {rows.map((row) => (
              <tr key={`${row.group}/${row.choice}`} className="border-t border-[var(--border)]">
                <td className="py-1">{row.group}</td>
                <td className="py-1 font-medium">{row.choice}</td>
                <td className="py-1 text-right tabular-nums">{row.totalOrder}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </StatSection>
  );
}
