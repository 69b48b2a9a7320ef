import { useLingui } from '@lingui/react';
import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useFocusReturn } from './use-focus-return';

interface ConfirmDialogProps {
  /** Controlled open state; leave out and pass `trigger` for an uncontrolled dialog. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  /** The question or explanation (the dialog's accessible description). */
  text?: ReactNode;
  /** Extra content between the text and the buttons (e.g. a reason picker). */
  children?: ReactNode;
  confirmLabel?: string;
  closeLabel?: string;
  /**
   * Runs on Confirm. When it returns a promise the buttons show busy until it settles; the
   * dialog closes when it resolves and stays open when it throws (the caller shows the error).
   */
  onConfirm: () => void | Promise<unknown>;
  /** Busy from outside (e.g. a mutation's isPending). */
  busy?: boolean;
  /** Confirm disabled (e.g. until a reason is chosen). */
  confirmDisabled?: boolean;
  tone?: 'primary' | 'danger';
}

/** A yes/no question before an action (Radix AlertDialog: Close + Confirm). */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  text,
  children,
  confirmLabel,
  closeLabel,
  onConfirm,
  busy = false,
  confirmDisabled = false,
  tone = 'primary',
}: ConfirmDialogProps) {
  const { _ } = useLingui();
  const [innerOpen, setInnerOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const isOpen = open ?? innerOpen;
  const isBusy = busy || pending;
  const focusReturn = useFocusReturn();

  const setOpen = (next: boolean) => {
    if (open === undefined) setInnerOpen(next);
    onOpenChange?.(next);
  };

  const handleOpenChange = (next: boolean) => {
    if (!next && isBusy) return;
    setOpen(next);
  };

  const handleConfirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) {
      setOpen(false);
      return;
    }
    setPending(true);
    try {
      await result;
      setOpen(false);
    } catch {
      // The caller shows the error; keep the dialog open so the person can retry or close.
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={isOpen} onOpenChange={handleOpenChange}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          className="card fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-5 text-[var(--ink)] shadow-xl focus:outline-none"
          {...(text ? {} : { 'aria-describedby': undefined })}
          {...focusReturn}
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          {text ? (
            <AlertDialog.Description className="mt-2 text-[var(--ink-muted)]">{text}</AlertDialog.Description>
          ) : null}
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-secondary" disabled={isBusy}>
              {closeLabel ?? _('common.ui.close')}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={cn(tone === 'danger' ? 'btn-danger' : 'btn-primary')}
              disabled={isBusy || confirmDisabled}
              aria-busy={isBusy || undefined}
              onClick={() => void handleConfirm()}
            >
              {isBusy ? (
                <span
                  aria-hidden="true"
                  className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
                />
              ) : null}
              {confirmLabel ?? _('common.ui.confirm')}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
