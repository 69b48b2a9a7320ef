import { useLingui } from '@lingui/react';
import { X } from 'lucide-react';

export interface BulkFailureReport {
  /** What was asked: the orders were to be started (Do), finished (Done), canceled or handed over. */
  action: 'started' | 'finished' | 'canceled' | 'handedOver';
  total: number;
  failed: { id: number; label: string; message: string }[];
}

/**
 * What a bulk move could not do, order by order with the server's reason: it stays on the board
 * (announced once) until the barista dismisses it or makes the next bulk move.
 */
export function BulkFailures({ report, onDismiss }: { report: BulkFailureReport; onDismiss: () => void }) {
  const { _ } = useLingui();
  const { failed, total, action } = report;
  const values = { failed: failed.length, total };
  const heading =
    action === 'started'
      ? _('barista.bulkFailures.notStarted', values)
      : action === 'finished'
        ? _('barista.bulkFailures.notFinished', values)
        : action === 'handedOver'
          ? _('barista.bulkFailures.notHandedOver', values)
          : _('barista.bulkFailures.notCanceled', values);
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-[var(--danger)] bg-[var(--danger-soft)] px-3 py-2 text-[var(--danger)]"
    >
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">{heading}</p>
        <ul className="mt-1 list-disc pl-5">
          {failed.map((f) => (
            <li key={f.id}>
              <span className="font-semibold">{f.label}</span>: {f.message}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="btn-ghost min-w-11 px-2 text-[var(--danger)]" onClick={onDismiss}>
        <X aria-hidden="true" className="h-5 w-5" />
        <span className="sr-only">{_('barista.bulkFailures.dismiss')}</span>
      </button>
    </div>
  );
}
