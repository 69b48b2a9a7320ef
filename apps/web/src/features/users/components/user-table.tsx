import { useLingui } from '@lingui/react';
import { DataTable } from '@/components/ui/data-table';
import { UserTeam } from './team-editor';
import { UserActions, UserName, UserRole, type UserEntryProps } from './user-entry';

/** Tablet and wider: a table of users. */
export function UserTable({ entries, label }: { entries: UserEntryProps[]; label: string }) {
  const { _ } = useLingui();
  return (
    <DataTable
      caption={label}
      columns={[
        { label: _('users.column.name') },
        { label: _('users.column.role') },
        { label: _('users.column.team') },
        { label: _('users.column.email') },
        { label: <span className="sr-only">{_('users.column.actions')}</span> },
      ]}
    >
      {entries.map((entry) => (
        <tr key={entry.user.id}>
          <td className="px-4 py-2">
            <UserName user={entry.user} isMe={entry.isMe} />
          </td>
          <td className="px-4 py-2">
            <UserRole {...entry} />
          </td>
          <td className="px-4 py-2">
            <UserTeam user={entry.user} team={entry.team} />
          </td>
          <td className="px-4 py-2 break-all text-[var(--ink-muted)]">{entry.user.email}</td>
          <td className="px-2 py-2 text-right whitespace-nowrap">
            <UserActions {...entry} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
