import { TEAM_MAX, type User } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Pencil } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { TeamEdit } from '@/features/users/lib/use-team-edit';

/** The team field with Cancel and Save that the pencil opens; Enter saves, Escape cancels. */
function TeamEditor({ name, team }: { name: string; team: TeamEdit }) {
  const { _ } = useLingui();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    team.onSave();
  };
  return (
    <form className="flex flex-wrap items-center gap-2 py-1" onSubmit={handleSubmit}>
      <label htmlFor={inputId} className="sr-only">
        {_('users.teamOf', { name })}
      </label>
      <input
        id={inputId}
        className="input min-w-32 flex-1"
        value={team.draft}
        maxLength={TEAM_MAX}
        disabled={team.saving}
        aria-describedby={hintId}
        placeholder={_('users.team.none')}
        onChange={(e) => team.onDraftChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') team.onCancel();
        }}
        autoComplete="off"
        autoFocus
      />
      <span id={hintId} className="sr-only">
        {_('users.team.hint')}
      </span>
      <button type="button" className="btn-secondary" onClick={team.onCancel} disabled={team.saving}>
        {_('users.editor.cancel')}
      </button>
      <button type="submit" className="btn-primary" disabled={team.saving} aria-busy={team.saving || undefined}>
        {team.saving ? _('users.editor.saving') : _('users.editor.save')}
      </button>
    </form>
  );
}

/** The team cell: the team (or "No team"), the pencil (others only) or the open editor. */
export function UserTeam({ user, team }: { user: User; team: TeamEdit }) {
  const { _ } = useLingui();
  // As the role's pencil: the focus comes back to it when the editor closes (WCAG 2.4.3).
  const pencil = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(team.editing);
  useEffect(() => {
    if (wasEditing.current && !team.editing) {
      const active = document.activeElement;
      if (!active || active === document.body) pencil.current?.focus();
    }
    wasEditing.current = team.editing;
  }, [team.editing]);
  if (team.editing) return <TeamEditor name={user.name} team={team} />;
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      {user.team ? (
        <span className="break-words">{user.team}</span>
      ) : (
        <span className="text-[var(--ink-muted)]">{_('users.team.none')}</span>
      )}
      {team.editable ? (
        <button
          ref={pencil}
          type="button"
          className="btn-ghost min-w-11 px-2"
          aria-label={_('users.editTeam', { name: user.name })}
          onClick={team.onEdit}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </span>
  );
}
