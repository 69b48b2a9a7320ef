import { useLingui } from '@lingui/react';
import { hueOf, initialsOf, type TeamMember } from '@/features/info/lib/team';

/** One person of the team: picture (or a generated initials avatar), name, position, quote. */
export function MemberCard({ member, delayMs }: { member: TeamMember; delayMs: number }) {
  const { _ } = useLingui();
  return (
    <li className="card animate-rise-in flex items-start gap-4 p-4" style={{ animationDelay: `${delayMs}ms` }}>
      {member.picture ? (
        <img src={member.picture} alt="" className="h-16 w-16 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid h-16 w-16 shrink-0 place-items-center rounded-full text-xl font-bold text-white"
          style={{ backgroundColor: `hsl(${hueOf(member.name)} 50% 36%)` }}
        >
          {initialsOf(member.name)}
        </span>
      )}
      <div className="min-w-0">
        <h2 className="text-lg font-semibold">{member.name}</h2>
        <p className="text-sm font-medium text-[var(--accent)]">{_(member.positionId)}</p>
        {member.quoteId ? (
          <blockquote className="mt-2 text-[var(--ink-muted)] italic">“{_(member.quoteId)}”</blockquote>
        ) : null}
      </div>
    </li>
  );
}
