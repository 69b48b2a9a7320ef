import { useLingui } from '@lingui/react';
import { LIMITS, REJECT_REASONS } from '@cafe/shared';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Modal, ModalClose } from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { isNetworkError, newMove } from '@/lib/move-queue';
import { mustQueue, queueMove } from '@/lib/move-queue-store';
import type { QueuedOrder } from '@cafe/shared';
import { useRejectOrders, type RejectOrdersResult } from '@/features/barista/api/update-barista-order';
import { orderLabel } from '@/features/barista/lib/order-label';
import {
  OTHER_REASON,
  otherReasonError,
  rejectNoteOf,
  rejectReasonText,
  type RejectChoice,
} from '@/features/barista/lib/reject-reason';

interface RejectOrderDialogProps {
  /** The orders to cancel; the dialog is open while this is not empty. */
  orders: readonly QueuedOrder[];
  onClose: () => void;
  /** After the request: the orders canceled and those that were not, with why (the board shows both). */
  onRejected?: (result: RejectOrdersResult) => void;
  /** Where the focus goes on close (by default back to the button that opened the dialog). */
  onCloseAutoFocus?: (event: Event) => void;
}

const CHOICES: readonly RejectChoice[] = [...REJECT_REASONS, OTHER_REASON];

/** The Cancel Order screen: the barista picks why the order cannot be made, a preset reason or Other with a text. */
export function RejectOrderDialog({ orders, onClose, onRejected, onCloseAutoFocus }: RejectOrderDialogProps) {
  const { _ } = useLingui();
  const open = orders.length > 0;
  const single = orders.length === 1 ? orders[0] : undefined;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={_('barista.reject.title')}
      description={single ? orderLabel(single) : _('barista.reject.selectedCount', { count: orders.length })}
      size="md"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {open ? <RejectForm orders={orders} onClose={onClose} onRejected={onRejected} /> : null}
    </Modal>
  );
}

function RejectForm({ orders, onClose, onRejected }: RejectOrderDialogProps) {
  const { _ } = useLingui();
  const [choice, setChoice] = useState<RejectChoice | null>(null);
  const [otherText, setOtherText] = useState('');
  const reject = useRejectOrders();
  const otherId = useId();
  const otherHintId = useId();
  const note = rejectNoteOf(choice, otherText);
  const otherError = choice === OTHER_REASON ? otherReasonError(otherText) : null;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (note === null || reject.isPending) return;
    // Each cancel is a tap with its key (lib/move-queue.ts): offline, or while earlier taps wait, it
    // waits on the device with its reason and is shown cancelled (pending) at once.
    const moves = orders.map((o) => newMove(o.id, 'rejected', note));
    const keep = () => {
      moves.forEach(queueMove);
      onRejected?.({ rejected: orders.map((o) => ({ ...o, status: 'rejected', rejectNote: note })), failures: [] });
      onClose();
    };
    if (mustQueue()) return keep();
    try {
      const key = moves.length === 1 ? moves[0]?.key : undefined;
      const result = await reject.mutateAsync({ ids: orders.map((o) => o.id), note, idempotencyKey: key });
      onRejected?.(result);
      onClose();
    } catch (error) {
      if (moves.length === 1 && isNetworkError(error)) keep();
      else toast.error(_('barista.reject.failed'), { description: errorText(error) });
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold">{_('barista.reject.reason')}</legend>
        {CHOICES.map((reason) => (
          <label
            key={reason}
            className={cn(
              'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-2 text-base',
              choice === reason
                ? 'border-[var(--danger)] bg-[var(--danger-soft)]'
                : 'border-[var(--border)] bg-[var(--surface-raised)] hover:bg-[var(--surface-sunken)]',
            )}
          >
            <input
              type="radio"
              name="reject-reason"
              value={reason}
              checked={choice === reason}
              onChange={() => setChoice(reason)}
              className="h-6 w-6 shrink-0 accent-[var(--danger)]"
            />
            {rejectReasonText(reason)}
          </label>
        ))}
      </fieldset>

      {choice === OTHER_REASON ? (
        <div>
          <label htmlFor={otherId} className="label">
            {_('barista.reject.otherLabel')}
          </label>
          <input
            id={otherId}
            className="input text-base"
            value={otherText}
            onChange={(e) => setOtherText(e.target.value)}
            aria-invalid={otherError ? true : undefined}
            aria-describedby={otherHintId}
            autoComplete="off"
            autoFocus
          />
          <div id={otherHintId} className="mt-1 flex justify-between gap-2 text-sm">
            <span
              className={otherError ? 'text-[var(--danger)]' : 'text-[var(--ink-muted)]'}
              role={otherError ? 'alert' : undefined}
            >
              {otherError ?? _('barista.reject.otherHint')}
            </span>
            <span
              className={cn(
                'tabular-nums',
                otherText.length > LIMITS.otherRejectReasonMax ? 'text-[var(--danger)]' : 'text-[var(--ink-muted)]',
              )}
            >
              {otherText.length}/{LIMITS.otherRejectReasonMax}
            </span>
          </div>
        </div>
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        <ModalClose asChild>
          <button type="button" className="btn-secondary min-h-12" disabled={reject.isPending}>
            {_('barista.reject.close')}
          </button>
        </ModalClose>
        <button
          type="submit"
          className="btn-danger min-h-12"
          disabled={note === null || reject.isPending}
          aria-busy={reject.isPending || undefined}
        >
          {orders.length > 1 ? _('barista.reject.submitMany', { count: orders.length }) : _('barista.reject.submitOne')}
        </button>
      </div>
    </form>
  );
}
