import type { AuditEntry } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { DataTable } from '@/components/ui/data-table';
import { actorName } from '@/lib/actor-name';
import { EntryAction, EntryChange, EntryTarget, EntryTime } from './audit-entry-parts';

/**
 * The entries, newest first: a table from a tablet up, a card per entry on a phone (the same
 * facts, each with its name beside it).
 */
export function AuditEntries({ entries }: { entries: readonly AuditEntry[] }) {
  const { _ } = useLingui();
  const cell = 'px-3 py-2 align-top';
  return (
    <>
      <DataTable
        caption={_('audit.entries')}
        columns={[
          { label: _('audit.column.when') },
          { label: _('audit.column.who') },
          { label: _('audit.column.what') },
          { label: _('audit.column.target') },
          { label: _('audit.column.change') },
        ]}
        dense
        className="hidden md:block"
      >
        {entries.map((entry) => (
          <tr key={entry.id} data-entry={entry.id}>
            <td className={cell}>
              <EntryTime at={entry.at} />
            </td>
            <td className={cell}>{actorName(entry.actor)}</td>
            <th scope="row" className={`${cell} font-semibold`}>
              <EntryAction action={entry.action} />
            </th>
            <td className={cell}>
              <EntryTarget entry={entry} />
            </td>
            <td className={`${cell} max-w-md`}>
              <EntryChange entry={entry} />
            </td>
          </tr>
        ))}
      </DataTable>
      <ul className="space-y-3 md:hidden" aria-label={_('audit.entries')}>
        {entries.map((entry) => (
          <li key={entry.id} className="card space-y-1 p-4" data-entry={entry.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h2 className="font-semibold">
                <EntryAction action={entry.action} />
              </h2>
              <span className="text-sm text-[var(--ink-muted)]">
                <EntryTime at={entry.at} />
              </span>
            </div>
            <p>
              <span className="sr-only">{_('audit.column.who')}: </span>
              {_('audit.entry.by', { name: actorName(entry.actor) })}
            </p>
            <p>
              <EntryTarget entry={entry} />
            </p>
            <EntryChange entry={entry} />
          </li>
        ))}
      </ul>
    </>
  );
}
