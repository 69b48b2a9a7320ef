import { useLingui } from '@lingui/react';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useFocusReturn } from './use-focus-return';

interface ModalProps {
  /** Controlled open state; leave both out and pass `trigger` for an uncontrolled dialog. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (rendered through Dialog.Trigger asChild). */
  trigger?: ReactNode;
  title: ReactNode;
  /** Visible line under the title; also the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (Dialog.Close asChild works inside). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the corner close button (e.g. while a save is running). */
  hideCloseButton?: boolean;
  /**
   * Where the focus goes on close; by default back to `trigger`. A dialog opened by a button of
   * its own (not `trigger`) prevents the default and focuses that button.
   */
  onCloseAutoFocus?: (event: Event) => void;
  className?: string;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' } as const;

/** A dialog over the page (Radix Dialog: focus trapped, Escape closes, title announced). */
export function Modal({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideCloseButton,
  onCloseAutoFocus,
  className,
}: ModalProps) {
  const { _ } = useLingui();
  const focusReturn = useFocusReturn(onCloseAutoFocus);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <Dialog.Content
          className={cn(
            'card fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto p-5 text-[var(--ink)] shadow-xl focus:outline-none',
            SIZES[size],
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...focusReturn}
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            {hideCloseButton ? null : (
              <Dialog.Close className="btn-ghost -mt-2 -mr-2 min-w-11 px-2" aria-label={_('common.ui.close')}>
                <X aria-hidden="true" className="h-5 w-5" />
              </Dialog.Close>
            )}
          </div>
          {description ? (
            <Dialog.Description className="mb-3 text-[var(--ink-muted)]">{description}</Dialog.Description>
          ) : null}
          {children}
          {footer ? <div className="mt-5 flex flex-wrap justify-end gap-2">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Re-exported so footers can close the dialog: <ModalClose asChild><button/></ModalClose>. */
export const ModalClose = Dialog.Close;
