import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useWithdrawMyHealthConsent } from '@/api/avoids';
import { AlertMessage, ConfirmDialog } from '@/components/ui';
import { logFailure } from '@/lib/log-failure';

interface WithdrawConsentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** No consent to withdraw: only a list saved before consent was asked for, to erase. */
  erasingOnly: boolean;
  /** Done: the consent is withdrawn (if there was one) and the list erased. */
  onWithdrawn: () => void;
}

/**
 * "Withdraw my consent" (or "Erase my list" for a list kept from before consent was asked for):
 * says before the person confirms that their list is erased, and what they then no longer get
 * (docs/decisions/0068-health-data-consent.md).
 */
export function WithdrawConsentDialog({ open, onOpenChange, erasingOnly, onWithdrawn }: WithdrawConsentDialogProps) {
  const { _ } = useLingui();
  const withdraw = useWithdrawMyHealthConsent();
  const [failed, setFailed] = useState(false);

  const handleOpenChange = (next: boolean) => {
    if (!next) setFailed(false);
    onOpenChange(next);
  };

  const handleConfirm = async () => {
    setFailed(false);
    try {
      await withdraw.mutateAsync();
    } catch (error) {
      logFailure('withdrawing the consent to keep what the person avoids failed', error);
      setFailed(true);
      // The dialog stays open, with the reason.
      throw error;
    }
    onWithdrawn();
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={handleOpenChange}
      title={erasingOnly ? _('notifications.avoidsConsent.eraseTitle') : _('notifications.avoidsConsent.withdrawTitle')}
      text={erasingOnly ? _('notifications.avoidsConsent.eraseText') : _('notifications.avoidsConsent.withdrawText')}
      confirmLabel={
        erasingOnly ? _('notifications.avoidsConsent.erase') : _('notifications.avoidsConsent.withdrawConfirm')
      }
      closeLabel={_('notifications.avoidsConsent.keep')}
      tone="danger"
      onConfirm={handleConfirm}
    >
      {failed ? <AlertMessage className="mt-3">{_('notifications.avoidsConsent.withdrawFailed')}</AlertMessage> : null}
    </ConfirmDialog>
  );
}
