import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signOutLocally } from '@/api/session';
import { AlertMessage, ConfirmDialog } from '@/components/ui';
import { useActionFailure } from '@/components/ui/use-confirm-about';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { useDeleteMyAccount } from '@/features/notifications/api/delete-my-account';

/** The typed address matches the account's as the server compares them: spaces around and case aside. */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.toLowerCase();
}

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in person's e-mail address, which they type to confirm. */
  email: string;
}

/**
 * "Delete my account": says what happens, and deletes only once the person has typed their own
 * e-mail address (so an account is not deleted by a slip). Once deleted, this device forgets the
 * person, as a logout does, and shows the sign-in screen.
 */
export function DeleteAccountDialog({ open, onOpenChange, email }: DeleteAccountDialogProps) {
  const { _ } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteAccount = useDeleteMyAccount();
  const [typed, setTyped] = useState('');
  const { failure, clear, attempt } = useActionFailure();

  const refusalText = (error: unknown): string => {
    // The server's "confirm: type your e-mail address to delete your account", in the screen's language.
    if (isApiError(error) && error.status === 400) return _('notifications.deleteAccount.typeEmail');
    return errorText(error) ?? _('notifications.deleteAccount.failed');
  };

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setTyped('');
      clear();
    }
    onOpenChange(next);
  };

  const handleConfirm = async () => {
    // The dialog stays open, with the reason.
    await attempt('deleting the account failed', deleteAccount.mutateAsync({ confirm: typed.trim() }), refusalText);
    // The server has ended every session of the account: forget it here as a logout does.
    signOutLocally(queryClient, { clearAllStorage: true });
    toast.success(_('notifications.deleteAccount.deleted'));
    await navigate(paths.login, { replace: true });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={handleOpenChange}
      title={_('notifications.deleteAccount.title')}
      text={_('notifications.deleteAccount.text')}
      confirmLabel={_('notifications.deleteAccount.confirm')}
      closeLabel={_('notifications.deleteAccount.keep')}
      tone="danger"
      confirmDisabled={!confirmsEmail(typed, email)}
      onConfirm={handleConfirm}
    >
      <ul className="list-disc space-y-1 pl-5 text-sm">
        <li>{_('notifications.deleteAccount.orders')}</li>
        <li>{_('notifications.deleteAccount.personalData')}</li>
        <li>{_('notifications.deleteAccount.signIn')}</li>
      </ul>
      <div className="mt-4">
        <label htmlFor={`${id}-confirm`} className="label">
          {_('notifications.deleteAccount.typeLabel', { email })}
        </label>
        <input
          id={`${id}-confirm`}
          type="email"
          className="input"
          value={typed}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => {
            clear();
            setTyped(event.target.value);
          }}
        />
      </div>
      {failure ? <AlertMessage className="mt-3">{failure}</AlertMessage> : null}
    </ConfirmDialog>
  );
}
