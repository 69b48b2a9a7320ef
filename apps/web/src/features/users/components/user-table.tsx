import { useLingui } from '@lingui/react';
import { UserTeam } from './team-editor';
import { UserDelete, UserName, UserResetFactors, UserRole, type UserEntryProps } from './user-entry';

/** Tablet and wider: a table of users. */
export function UserTable({ entries, label }: { entries: UserEntryProps[]; label: string }) {
  const { _ } = useLingui();
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-[var(--border)] text-sm text-[var(--ink-muted)]">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {_('users.column.name')}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {_('users.column.role')}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {_('users.column.team')}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {_('users.column.email')}
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">{_('users.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.user.id} className="border-b border-[var(--border)] last:border-b-0">
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
                <UserResetFactors user={entry.user} isMe={entry.isMe} onResetFactors={entry.onResetFactors} />
                <UserDelete user={entry.user} isMe={entry.isMe} onDelete={entry.onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
