import { cutName, type Role, type User } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { StatusPill } from '@/components/ui';
import { ROLE_LABELS } from '@/features/users/lib/user-list';
import type { TeamEdit } from '@/features/users/lib/use-team-edit';
import { RoleEditor } from './role-editor';

/** What a row needs to show and edit one user. */
export interface UserEntryProps {
  user: User;
  isMe: boolean;
  editing: boolean;
  draftRole: Role;
  saving: boolean;
  onEdit: () => void;
  onDraftChange: (role: Role) => void;
  onCancel: () => void;
  onSave: () => void;
  /** Asks to delete the account (others only). */
  onDelete: () => void;
  /** Asks to reset the person's second factors, when they lost one (others only). */
  onResetFactors: () => void;
  /** The person's team and its editor. */
  team: TeamEdit;
}

export function UserName({ user, isMe }: Pick<UserEntryProps, 'user' | 'isMe'>) {
  const { _ } = useLingui();
  const short = cutName(user.name);
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <span className="font-semibold" title={short === user.name ? undefined : user.name}>
        {short}
      </span>
      {isMe ? <StatusPill tone="accent">{_('users.you')}</StatusPill> : null}
      {user.isAvailable === 'unavailable' ? <StatusPill tone="danger">{_('users.disabled')}</StatusPill> : null}
    </span>
  );
}

/** The role cell: the role, the pencil (others only) or the open editor. */
export function UserRole({
  user,
  isMe,
  editing,
  draftRole,
  saving,
  onEdit,
  onDraftChange,
  onCancel,
  onSave,
}: UserEntryProps) {
  const { _ } = useLingui();
  // When the editor closes (Save, Cancel) its buttons go: the focus returns to the pencil that
  // opened it rather than falling back to the page (WCAG 2.4.3, docs/decisions/0055-wcag-22.md).
  const pencil = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) {
      const active = document.activeElement;
      if (!active || active === document.body) pencil.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing]);
  if (editing) {
    return (
      <RoleEditor
        name={user.name}
        value={draftRole}
        saving={saving}
        onChange={onDraftChange}
        onCancel={onCancel}
        onSave={onSave}
      />
    );
  }
  return (
    <span className="inline-flex items-center gap-1">
      <span>{_(ROLE_LABELS[user.role])}</span>
      {isMe ? null : (
        <button
          ref={pencil}
          type="button"
          className="btn-ghost min-w-11 px-2"
          aria-label={_('users.editRole', { name: user.name })}
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
    </span>
  );
}

/**
 * The buttons of another person's account (none on the admin's own row): resetting their second
 * factors, for someone who lost one, and deleting the account.
 */
export function UserActions({
  user,
  isMe,
  onResetFactors,
  onDelete,
}: Pick<UserEntryProps, 'user' | 'isMe' | 'onResetFactors' | 'onDelete'>) {
  const { _ } = useLingui();
  if (isMe) return null;
  const reset = _('users.resetFactors.button', { name: user.name });
  const remove = _('users.delete.button', { name: user.name });
  return (
    <>
      <button
        type="button"
        className="btn-ghost min-w-11 px-2"
        aria-label={reset}
        title={reset}
        onClick={onResetFactors}
      >
        <KeyRound aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        className="btn-ghost min-w-11 px-2 text-[var(--danger)]"
        aria-label={remove}
        title={remove}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </button>
    </>
  );
}
