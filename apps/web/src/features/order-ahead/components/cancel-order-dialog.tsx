import { useLingui } from '@lingui/react';
import { ConfirmDialog } from '@/components/ui';

interface CancelOrderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  menuName: string;
  /** Resolves when the order is cancelled; throws to keep the dialog open. */
  onConfirm: () => Promise<unknown>;
}

/** "You want to cancel <drink>" / "Click confirm to cancel", Close and Confirm. */
export function CancelOrderDialog({ open, onOpenChange, menuName, onConfirm }: CancelOrderDialogProps) {
  const { _ } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={_('order.cancel.title', { menuName })}
      text={_('order.cancel.text')}
      closeLabel={_('order.cancel.close')}
      confirmLabel={_('order.cancel.confirm')}
      tone="danger"
      onConfirm={onConfirm}
    />
  );
}
