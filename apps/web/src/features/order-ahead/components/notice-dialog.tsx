import { useLingui } from '@lingui/react';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

interface NoticeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  /** Extra actions beside OK (e.g. a sign-in link). */
  actions?: ReactNode;
  /** "OK" by default. */
  okLabel?: string;
  /** OK is the main button unless another action is (then OK is secondary). */
  okSecondary?: boolean;
}

/** An alert the person acknowledges with OK (Radix AlertDialog, announced as an alert dialog). */
export function NoticeDialog({
  open,
  onOpenChange,
  title,
  message,
  actions,
  okLabel,
  okSecondary = false,
}: NoticeDialogProps) {
  const { _ } = useLingui();
  const ok = okLabel ?? _('order.notice.ok');
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="card fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 p-5 text-[var(--ink)] shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-[var(--ink)]">{message}</AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            {okSecondary ? <AlertDialog.Action className="btn-secondary">{ok}</AlertDialog.Action> : null}
            {actions}
            {okSecondary ? null : <AlertDialog.Action className="btn-primary">{ok}</AlertDialog.Action>}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
