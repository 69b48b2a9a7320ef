import { useLingui } from '@lingui/react';
import { Undo2, X } from 'lucide-react';
import { useId } from 'react';
import type { UndoOffers } from '@/features/barista/hooks/use-undo';
import { cn } from '@/lib/cn';

interface UndoBarProps {
  offers: UndoOffers;
  /** An undo is on its way: the button waits for it. */
  pending: boolean;
  onUndo: () => void;
  onDismiss: () => void;
  className?: string;
}

/**
 * The board's one undo bar, in the line above the tickets (never over a control): the latest move
 * that can still be taken back ("Done: Latte for Ann"), how many more can ("and 2 more"), and Undo,
 * which takes back the latest; the one before it then shows, each within its own 30 seconds
 * (docs/decisions/0075-board-lanes-and-chrome.md).
 */
export function UndoBar({ offers, pending, onUndo, onDismiss, className }: UndoBarProps) {
  const { _ } = useLingui();
  const labelId = useId();
  const { latest, more } = offers;
  return (
    <section
      aria-labelledby={labelId}
      className={cn(
        'flex min-h-11 max-w-full min-w-0 items-center gap-1 rounded-xl border border-[var(--border-strong)] bg-[var(--surface-raised)] py-0.5 pr-0.5 pl-3 shadow-sm',
        className,
      )}
    >
      <h2 id={labelId} className="sr-only">
        {_('barista.undo.action')}
      </h2>
      {/* The latest move may be cut short; how many more can be taken back never is. */}
      <p aria-live="polite" className="flex min-w-0 flex-1 gap-1 text-sm font-semibold" title={latest.text}>
        <span className="min-w-0 truncate">{latest.text}</span>
        {more > 0 ? (
          <span className="shrink-0 font-normal text-[var(--ink-muted)]">
            {/* The space keeps the words apart for screen readers (the gap does it on screen). */}
            {` ${_('barista.undoBar.more', { count: more })}`}
          </span>
        ) : null}
      </p>
      <button type="button" className="btn-secondary min-h-11 shrink-0 px-3" onClick={onUndo} disabled={pending}>
        <Undo2 aria-hidden="true" className="h-4 w-4" />
        {_('barista.undo.action')}
      </button>
      <button
        type="button"
        className="btn-ghost min-h-11 min-w-11 shrink-0 px-0"
        onClick={onDismiss}
        aria-label={_('barista.undoBar.dismiss')}
        title={_('barista.undoBar.dismiss')}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </section>
  );
}
