import type { Role, User } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { BellRing, ScrollText, Search, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { AlertMessage, ConfirmDialog, EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useConfirmAbout } from '@/components/ui/use-confirm-about';
import { refusalOr } from '@/lib/error-text';
import { useMe } from '@/api/me';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { useUsers } from '@/features/users/api/get-users';
import { useResetSecondFactors } from '@/features/users/api/reset-second-factors';
import { useUpdateUser } from '@/features/users/api/update-user';
import { UserCards } from '@/features/users/components/user-cards';
import { UserTable } from '@/features/users/components/user-table';
import type { UserEntryProps } from '@/features/users/components/user-entry';
import { ROLE_LABELS, arrangeUsers } from '@/features/users/lib/user-list';
import { useMediaQuery } from '@/features/users/lib/use-media-query';
import { useTeamEdit } from '@/features/users/lib/use-team-edit';

/**
 * User Management (/userManagement, /userManagement-bar): everyone's role and team (cups saved are
 * counted per team), the admin's own on top,
 * deleting the account of someone who left (never the admin's own: that is on their profile), and
 * resetting the second factors of someone who lost theirs (never the admin's own either).
 */
export function UserManagementRoute() {
  const { _ } = useLingui();
  const currentUserId = useMe()?.id ?? null;
  const users = useUsers();
  const updateRole = useUpdateUser();
  const wide = useMediaQuery('(min-width: 768px)');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [editing, setEditing] = useState<{ id: number; role: Role } | null>(null);
  const teamEdit = useTeamEdit(currentUserId);
  const deleteUser = useDeleteUser();
  const deleting = useConfirmAbout<User>();
  const resetFactors = useResetSecondFactors();
  const resetting = useConfirmAbout<User>();

  const handleReset = async (user: User) => {
    await resetting.attempt('resetting second factors failed', resetFactors.mutateAsync(user.id), (error) =>
      refusalOr(error, _('users.resetFactors.failed')),
    );
    toast.success(_('users.resetFactors.done', { name: user.name }));
  };

  const handleDelete = async (user: User) => {
    // The server says why (orders still waiting or being made) in its own words.
    await deleting.attempt('deleting an account failed', deleteUser.mutateAsync(user.id), (error) =>
      refusalOr(error, _('users.delete.failed')),
    );
    if (editing?.id === user.id) setEditing(null);
    teamEdit.forget(user.id);
    toast.success(_('users.delete.deleted', { name: user.name }));
  };

  const handleSave = (id: number, name: string) => {
    if (!editing || editing.id !== id) return;
    if (id === currentUserId) {
      // The specification keeps one's own role unchangeable; the row has no pencil, this is a guard.
      console.info('You cannot change your own role');
      setEditing(null);
      return;
    }
    const role = editing.role;
    updateRole.mutate(
      { id, role },
      {
        onSuccess: () => {
          toast.success(_('users.toast.roleChanged', { name, role: _(ROLE_LABELS[role]) }));
          setEditing(null);
        },
        onError: (error) => toast.error(refusalOr(error, _('users.toast.changeFailed'))),
      },
    );
  };

  let body;
  if (users.isPending) body = <LoadingBlock label={_('users.loading')} />;
  else if (users.isError) body = <ErrorState message={_('users.loadFailed')} onRetry={() => void users.refetch()} />;
  else {
    const { me, others } = arrangeUsers(users.data, currentUserId, deferredSearch);
    const toEntry = (user: (typeof users.data)[number]): UserEntryProps => {
      const isMe = user.id === currentUserId;
      const isEditing = !isMe && editing?.id === user.id;
      return {
        user,
        isMe,
        editing: isEditing,
        draftRole: isEditing ? editing.role : user.role,
        saving: isEditing && updateRole.isPending,
        onEdit: () => setEditing({ id: user.id, role: user.role }),
        onDraftChange: (role) => setEditing({ id: user.id, role }),
        onCancel: () => setEditing(null),
        onSave: () => handleSave(user.id, user.name),
        onDelete: () => deleting.open(user),
        onResetFactors: () => resetting.open(user),
        team: teamEdit.teamOf(user),
      };
    };
    const entries = [...(me ? [me] : []), ...others].map(toEntry);
    const total = users.data.length - (me ? 1 : 0);
    const List = wide ? UserTable : UserCards;
    body = (
      <>
        <div className="mb-3">
          <label htmlFor="user-search" className="sr-only">
            {_('users.search.label')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-[var(--ink-muted)]"
            />
            <input
              id="user-search"
              type="search"
              className="input pl-9"
              placeholder={_('users.search.placeholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              autoComplete="off"
            />
          </div>
          <p aria-live="polite" className="mt-1 text-sm text-[var(--ink-muted)]">
            {deferredSearch.trim() === ''
              ? _('users.search.total', { total })
              : _('users.search.matches', { matched: others.length, total })}
          </p>
        </div>
        <List entries={entries} label={_('users.list')} />
        {others.length === 0 ? (
          <EmptyState
            icon={<Users className="h-7 w-7" />}
            title={deferredSearch.trim() === '' ? _('users.empty.none') : _('users.empty.noMatch')}
          />
        ) : null}
      </>
    );
  }

  return (
    <section>
      <PageHeader
        title={_('users.title')}
        description={_('users.description')}
        actions={
          // The admin's tools that are in the menu, not the top bar (components/layout/nav-links.ts).
          <div className="flex flex-wrap gap-2">
            <Link to={paths.admin.audit} className="btn-secondary">
              <ScrollText aria-hidden="true" className="h-4 w-4" />
              {_('common.nav.auditLog')}
            </Link>
            <Link to={paths.admin.notifications} className="btn-secondary">
              <BellRing aria-hidden="true" className="h-4 w-4" />
              {_('common.nav.notifications')}
            </Link>
          </div>
        }
      />
      {body}
      <ConfirmDialog
        open={deleting.subject !== null}
        onOpenChange={deleting.onOpenChange}
        title={deleting.subject ? _('users.delete.title', { name: deleting.subject.name }) : ''}
        text={deleting.subject ? _('users.delete.text', { name: deleting.subject.name }) : ''}
        confirmLabel={_('users.delete.confirm')}
        closeLabel={_('users.delete.keep')}
        tone="danger"
        onConfirm={() => (deleting.subject ? handleDelete(deleting.subject) : undefined)}
      >
        {deleting.failure ? <AlertMessage>{deleting.failure}</AlertMessage> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={resetting.subject !== null}
        onOpenChange={resetting.onOpenChange}
        title={resetting.subject ? _('users.resetFactors.title', { name: resetting.subject.name }) : ''}
        text={resetting.subject ? _('users.resetFactors.text', { name: resetting.subject.name }) : ''}
        confirmLabel={_('users.resetFactors.confirm')}
        closeLabel={_('users.resetFactors.keep')}
        tone="danger"
        onConfirm={() => (resetting.subject ? handleReset(resetting.subject) : undefined)}
      >
        {resetting.failure ? <AlertMessage>{resetting.failure}</AlertMessage> : null}
      </ConfirmDialog>
    </section>
  );
}
