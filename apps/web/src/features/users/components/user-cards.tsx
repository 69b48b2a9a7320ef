import { UserName, UserRole, type UserEntryProps } from './user-entry';

/** Phone layout: one card per user. */
export function UserCards({ entries, label }: { entries: UserEntryProps[]; label: string }) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.user.id} className="card space-y-1 p-3">
          <UserName user={entry.user} isMe={entry.isMe} />
          <p className="truncate text-sm text-[var(--ink-muted)]">{entry.user.email}</p>
          <UserRole {...entry} />
        </li>
      ))}
    </ul>
  );
}
