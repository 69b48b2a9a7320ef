import { useLingui } from '@lingui/react';
import { DataTable } from '@/components/ui/data-table';
import type { RetentionRow } from '@/features/info/lib/privacy';

/**
 * What the cafe keeps, why and for how long, as a table of two columns: the why sits under the
 * what, so the table reads on a phone without scrolling sideways.
 */
export function RetentionTable({ rows }: { rows: RetentionRow[] }) {
  const { _ } = useLingui();
  return (
    <DataTable
      caption={_('info.privacy.table.caption')}
      columns={[{ label: _('info.privacy.table.what') }, { label: _('info.privacy.table.kept') }]}
    >
      {rows.map((row) => (
        <tr key={row.key} data-row={row.key} className="align-top">
          <th scope="row" className="w-1/2 px-4 py-3 font-normal">
            <span className="block font-semibold break-words">{_(row.what)}</span>
            <span className="mt-1 block text-sm break-words text-[var(--ink-muted)]">{_(row.why)}</span>
          </th>
          <td className="px-4 py-3 break-words">{_(row.kept.id, row.kept.values)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
