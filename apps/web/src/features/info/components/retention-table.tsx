import { useLingui } from '@lingui/react';
import type { RetentionRow } from '@/features/info/lib/privacy';

/**
 * What the cafe keeps, why and for how long, as a table of two columns: the why sits under the
 * what, so the table reads on a phone without scrolling sideways.
 */
export function RetentionTable({ rows }: { rows: RetentionRow[] }) {
  const { _ } = useLingui();
  return (
    <div className="card overflow-hidden">
      <table className="w-full text-left">
        <caption className="sr-only">{_('info.privacy.table.caption')}</caption>
        <thead className="border-b border-[var(--border)] text-sm text-[var(--ink-muted)]">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {_('info.privacy.table.what')}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {_('info.privacy.table.kept')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-row={row.key} className="border-b border-[var(--border)] align-top last:border-b-0">
              <th scope="row" className="w-1/2 px-4 py-3 font-normal">
                <span className="block font-semibold break-words">{_(row.what)}</span>
                <span className="mt-1 block text-sm break-words text-[var(--ink-muted)]">{_(row.why)}</span>
              </th>
              <td className="px-4 py-3 break-words">{_(row.kept.id, row.kept.values)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
