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
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`You want to cancel ${menuName}`}
      text="Click confirm to cancel"
      closeLabel="Close"
      confirmLabel="Confirm"
      tone="danger"
      onConfirm={onConfirm}
    />
  );
}
