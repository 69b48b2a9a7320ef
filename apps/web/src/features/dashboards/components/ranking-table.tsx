import { LIMITS, type PopularMenuRow } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { pageCount, pageSlice } from '@/features/dashboards/lib/pagination';
import { Pagination } from './pagination';

/** The ranked menu list, 10 rows a page. */
export function RankingTable({ rows }: { rows: readonly PopularMenuRow[] }) {
  const { _ } = useLingui();
  const [page, setPage] = useState(1);
  const count = pageCount(rows.length, LIMITS.statsPageSize);
  const current = Math.min(page, count);
  const offset = (current - 1) * LIMITS.statsPageSize;
  return (
    <div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm sm:text-base">
          <caption className="sr-only">{_('dashboards.ranking.caption', { page: current, count })}</caption>
          <thead className="border-b border-[var(--border)] text-[var(--ink-muted)]">
            <tr>
              <th scope="col" className="w-12 px-2 py-2 font-medium">
                {_('dashboards.ranking.rank')}
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                {_('dashboards.ranking.menu')}
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                {_('dashboards.ranking.category')}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {_('dashboards.column.orders')}
              </th>
            </tr>
          </thead>
          <tbody>
            {pageSlice(rows, current, LIMITS.statsPageSize).map((row, i) => (
              <tr
                key={`${row.categoryName}-${row.Menu_name}-${offset + i}`}
                className="border-b border-[var(--border)] last:border-b-0"
              >
                <td className="px-2 py-2 font-semibold tabular-nums">{offset + i + 1}</td>
                <td className="px-2 py-2 break-words">{row.Menu_name}</td>
                <td className="px-2 py-2 text-[var(--ink-muted)]">{row.categoryName}</td>
                <td className="px-2 py-2 text-right font-semibold tabular-nums">{row.totalOrder}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={current} count={count} onPageChange={setPage} label={_('dashboards.ranking.pages')} />
    </div>
  );
}
