import { UserTeam } from './team-editor';
import { UserActions, UserName, UserRole, type UserEntryProps } from './user-entry';

/** Phone layout: one card per user. */
export function UserCards({ entries, label }: { entries: UserEntryProps[]; label: string }) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.user.id} className="card flex items-start gap-2 p-3">
          <div className="min-w-0 flex-1 space-y-1">
            <UserName user={entry.user} isMe={entry.isMe} />
            <p className="truncate text-sm text-[var(--ink-muted)]">{entry.user.email}</p>
            <UserRole {...entry} />
            <UserTeam user={entry.user} team={entry.team} />
          </div>
          <UserActions {...entry} />
        </li>
      ))}
    </ul>
  );
}
