import { useLingui } from '@lingui/react';
import { ErrorState, LoadingBlock } from '@/components/ui';
import { usePopularOptions } from '@/features/dashboards/api/get-popular-options';
import type { StatsParams } from '@/features/dashboards/api/stats-params';

/** "Most chosen options": the ten choices most made on served drinks of the period (by the names orders kept). */
export function PopularOptions({ params, headingId }: { params: StatsParams; headingId: string }) {
  const { _ } = useLingui();
  const options = usePopularOptions(params);
  return (
    <section aria-labelledby={headingId} className="card p-4">
      <h2 id={headingId} className="mb-2 text-lg font-semibold">
        {_('dashboards.options.title')}
      </h2>
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
