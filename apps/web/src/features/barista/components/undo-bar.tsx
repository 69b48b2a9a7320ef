import { useLingui } from '@lingui/react';
import { Undo2, X } from 'lucide-react';
import { useId } from 'react';
import type { useBoardMoves } from '@/features/barista/hooks/use-board-moves';

interface UndoBarProps {
  /** The board's undo: what it offers (nothing: no bar), whether one is on its way (Undo waits), and its taps. */
  moves: Pick<ReturnType<typeof useBoardMoves>, 'undoOffers' | 'undoPending' | 'undoLatest' | 'dismissUndo'>;
}

/**
 * The board's one undo bar, in the line above the tickets (never over a control): the latest move
 * that can still be taken back with its orders in full ("Done: Latte for Ann"), how many more can
 * ("and 2 more"), and Undo, which takes back the latest; the one before it then shows, each within
 * its own 30 seconds (docs/decisions/0075-board-lanes-and-chrome.md). The words wrap, never cut
 * short, and Undo's name says what it takes back ("Undo Done: Latte for Ann and 1 more",
 * docs/decisions/0099-no-hidden-orders.md).
 */
export function UndoBar({ moves }: UndoBarProps) {
  const { _ } = useLingui();
  const labelId = useId();
  if (!moves.undoOffers) return null;
  const { latest, more } = moves.undoOffers;
  const moreText = more > 0 ? _('barista.undoBar.more', { count: more }) : null;
  const whole = moreText ? `${latest.text} ${moreText}` : latest.text;
  return (
    <section
      aria-labelledby={labelId}
      className="flex min-h-11 max-w-full min-w-0 items-center gap-1 rounded-xl border border-[var(--border-strong)] bg-[var(--surface-raised)] py-0.5 pr-0.5 pl-3 shadow-sm"
    >
      <h2 id={labelId} className="sr-only">
        {_('barista.undo.action')}
      </h2>
      {/* Every word in view: a long name wraps onto another line. */}
      <p aria-live="polite" className="min-w-0 flex-1 text-sm leading-5 font-semibold break-words">
        {latest.text}
        {moreText ? (
          // The space keeps the words apart, on screen and for screen readers.
          <span className="font-normal text-[var(--ink-muted)]">{` ${moreText}`}</span>
        ) : null}
      </p>
      <button
        type="button"
        className="btn-secondary min-h-11 shrink-0 px-3"
        onClick={moves.undoLatest}
        disabled={moves.undoPending}
        aria-label={_('barista.undoBar.undoWhat', { move: whole })}
      >
        <Undo2 aria-hidden="true" className="h-4 w-4" />
        {_('barista.undo.action')}
      </button>
      <button
        type="button"
        className="btn-ghost min-h-11 min-w-11 shrink-0 px-0"
        onClick={moves.dismissUndo}
        aria-label={_('barista.undoBar.dismiss')}
        title={_('barista.undoBar.dismiss')}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </section>
  );
}
