import type { User } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { refusalOr } from '@/lib/error-text';
import { useUpdateUser } from '@/features/users/api/update-user';

/** What a row needs to show and edit one person's team. */
export interface TeamEdit {
  /** Whether the admin may change it (never their own account: the server refuses it). */
  editable: boolean;
  editing: boolean;
  draft: string;
  saving: boolean;
  onEdit: () => void;
  onDraftChange: (team: string) => void;
  onCancel: () => void;
  onSave: () => void;
}

/**
 * One team editor open at a time, as the role's: the pencil opens it with the team as it is, Save
 * sends the trimmed text ("" takes the person out of their team) and closes it once the server has
 * kept it; a refusal is said in the interface's language and leaves the editor open to try again.
 */
export function useTeamEdit(currentUserId: number | null) {
  const { _ } = useLingui();
  const update = useUpdateUser();
  const [editing, setEditing] = useState<{ id: number; team: string } | null>(null);

  const save = (user: User) => {
    if (!editing || editing.id !== user.id) return;
    const team = editing.team.trim();
    // Nothing changed: no request, no audit entry for it.
    if (team === (user.team ?? '')) {
      setEditing(null);
      return;
    }
    update.mutate(
      { id: user.id, team },
      {
        onSuccess: () => {
          toast.success(
            team === ''
              ? _('users.toast.teamCleared', { name: user.name })
              : _('users.toast.teamChanged', { name: user.name, team }),
          );
          setEditing(null);
        },
        onError: (error) => toast.error(refusalOr(error, _('users.toast.teamFailed'))),
      },
    );
  };

  const teamOf = (user: User): TeamEdit => {
    const editable = user.id !== currentUserId;
    const isEditing = editable && editing?.id === user.id;
    return {
      editable,
      editing: isEditing,
      draft: isEditing ? editing.team : (user.team ?? ''),
      saving: isEditing && update.isPending,
      onEdit: () => setEditing({ id: user.id, team: user.team ?? '' }),
      onDraftChange: (team) => setEditing({ id: user.id, team }),
      onCancel: () => setEditing(null),
      onSave: () => save(user),
    };
  };

  /** Closes the editor of someone who is gone (their account deleted). */
  const forget = (id: number) => setEditing((open) => (open?.id === id ? null : open));

  return { teamOf, forget };
}
