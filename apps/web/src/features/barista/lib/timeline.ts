import { canUndo, LIMITS, type OrderStatus, type TimelineEntry } from '@cafe/shared';
import { i18n } from '@/i18n';
import { rejectReasonText } from './reject-reason';

/** What a timeline entry says happened. */
export function timelineStepText(entry: Pick<TimelineEntry, 'status' | 'from' | 'note'>): string {
  if (entry.note === 'undo') {
    switch (entry.status) {
      case 'ordered':
        return i18n._('barista.timeline.undoneToWaiting');
      case 'in-progress':
        return i18n._('barista.timeline.undoneToInProgress');
      default:
        return i18n._('barista.timeline.undoneTo', { status: entry.status });
    }
  }
  switch (entry.status) {
    case 'scheduled':
      return i18n._('barista.timeline.placedForLater');
    case 'ordered':
      if (entry.from === null) return i18n._('barista.timeline.placed');
      if (entry.from === 'scheduled') return i18n._('barista.timeline.due');
      return i18n._('barista.timeline.backToWaiting');
    case 'in-progress':
      return i18n._('barista.timeline.taken');
    case 'done':
      return i18n._('barista.timeline.done');
    case 'picked':
      return i18n._('barista.timeline.picked');
    case 'cancel':
      return i18n._('barista.status.canceledByUser');
    case 'rejected':
      return entry.note
        ? i18n._('barista.timeline.rejectedWithNote', { note: rejectReasonText(entry.note) })
        : i18n._('barista.status.canceledByBarista');
    default:
      return entry.status;
  }
}

const BARISTA_MOVES: readonly string[] = ['in-progress', 'done', 'rejected'];

/**
 * The entry the undo would take back, while the window lasts: the order's last move, if it is a
 * barista's Do, Done or reject (not itself an undo) made less than LIMITS.undoWindowSeconds ago.
 * The server decides in the end; this only says whether to offer it.
 */
export function undoableEntry(entries: readonly TimelineEntry[], now: number): TimelineEntry | null {
  const last = entries.at(-1);
  if (!last || last.note === 'undo' || last.from === null || !BARISTA_MOVES.includes(last.status)) return null;
  if (!canUndo(last.status as OrderStatus, last.from as OrderStatus)) return null;
  const at = Date.parse(last.at);
  if (Number.isNaN(at) || now - at >= LIMITS.undoWindowSeconds * 1000) return null;
  return last;
}
