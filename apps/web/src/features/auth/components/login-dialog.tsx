import { useLingui } from '@lingui/react';
import type { RefObject } from 'react';
import { Modal } from '@/components/ui/modal';
import { LoginForm } from './login-form';

interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While signing in the dialog cannot be closed. */
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  /** Where the focus goes back to when the dialog closes (the Login button). */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** The e-mail to fill in (the account just registered). */
  email?: string;
}

/**
 * The sign-in dialog of /login. It is its own chunk with the form and dialog libraries and the
 * contract's schemas: the welcome screen shows without them, and they load when the person
 * reaches for the Login button.
 */
export function LoginDialog({ open, onOpenChange, busy, onBusyChange, returnFocusTo, email }: LoginDialogProps) {
  const { _ } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={_('auth.login.dialogTitle')}
      description={_('auth.login.dialogDescription')}
      size="sm"
      hideCloseButton={busy}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
    >
      <LoginForm onBusyChange={onBusyChange} email={email} />
    </Modal>
  );
}
