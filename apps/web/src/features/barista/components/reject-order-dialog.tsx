import { LIMITS, REJECT_REASONS } from '@cafe/shared';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Modal, ModalClose } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { QueuedOrder } from '@cafe/shared';
import { useRejectOrders } from '@/features/barista/api/update-barista-order';
import { OTHER_REASON, otherReasonError, rejectNoteOf, type RejectChoice } from '@/features/barista/lib/reject-reason';

interface RejectOrderDialogProps {
  /** The orders to cancel; the dialog is open while this is not empty. */
  orders: readonly QueuedOrder[];
  onClose: () => void;
  /** After at least one order was canceled. */
  onRejected?: () => void;
}

const CHOICES: readonly RejectChoice[] = [...REJECT_REASONS, OTHER_REASON];

/** The Cancel Order screen: the barista picks why the order cannot be made (SPEC section 3). */
export function RejectOrderDialog({ orders, onClose, onRejected }: RejectOrderDialogProps) {
  const open = orders.length > 0;
  const single = orders.length === 1 ? orders[0] : undefined;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Cancel Order"
      description={single ? `${single.menu.name} for ${single.user.name}` : `${orders.length} orders selected`}
      size="md"
    >
      {open ? <RejectForm orders={orders} onClose={onClose} onRejected={onRejected} /> : null}
    </Modal>
  );
}

function RejectForm({ orders, onClose, onRejected }: RejectOrderDialogProps) {
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
    try {
      const { rejected, failures } = await reject.mutateAsync({ ids: orders.map((o) => o.id), note });
      for (const failure of new Set(failures)) toast.error(failure);
      if (rejected > 0) {
        toast.success(rejected === 1 ? 'Order canceled' : `${rejected} orders canceled`);
        onRejected?.();
      }
      onClose();
    } catch (error) {
      toast.error('The order was not canceled', { description: error instanceof Error ? error.message : undefined });
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold">Reason</legend>
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
              className="h-5 w-5 accent-[var(--danger)]"
            />
            {reason}
          </label>
        ))}
      </fieldset>

      {choice === OTHER_REASON ? (
        <div>
          <label htmlFor={otherId} className="label">
            Other reason
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
              {otherError ?? 'Tell the customer why.'}
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
            Close
          </button>
        </ModalClose>
        <button
          type="submit"
          className="btn-danger min-h-12"
          disabled={note === null || reject.isPending}
          aria-busy={reject.isPending || undefined}
        >
          {orders.length > 1 ? `Cancel ${orders.length} orders` : 'Cancel this order'}
        </button>
      </div>
    </form>
  );
}
