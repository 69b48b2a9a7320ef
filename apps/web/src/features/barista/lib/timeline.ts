import { canUndo, LIMITS, TIMELINE_NOTES, type Order, type OrderStatus, type TimelineEntry } from '@cafe/shared';
import { i18n, msgId } from '@/i18n';
import { rejectReasonText } from './reject-reason';

/** What an undo says of the status it put an order back to. */
const UNDONE_TO = new Map<string, string>([
  ['ordered', msgId('barista.timeline.undoneToWaiting')],
  ['in-progress', msgId('barista.timeline.undoneToInProgress')],
  ['done', msgId('barista.timeline.undoneToReady')],
]);

/** What a timeline entry says happened. */
export function timelineStepText(entry: Pick<TimelineEntry, 'status' | 'from' | 'note'>): string {
  if (entry.note === 'undo') {
    // The undo of a tumbler mark: the status stays.
    if (entry.from === entry.status) return i18n._('barista.timeline.undoneTumbler');
    const id = UNDONE_TO.get(entry.status);
    return id ? i18n._(id) : i18n._('barista.timeline.undoneTo', { status: entry.status });
  }
  // Entries that are not a move: the order stays in its status.
  switch (entry.note) {
    case TIMELINE_NOTES.tumblerMissing:
      return i18n._('barista.timeline.tumblerMissing');
    case TIMELINE_NOTES.tumblerFound:
      return i18n._('barista.timeline.tumblerFound');
    case TIMELINE_NOTES.reminded:
      return i18n._('barista.timeline.reminded');
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
    case 'uncollected':
      return i18n._('barista.timeline.uncollected');
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

const BARISTA_MOVES: readonly string[] = ['in-progress', 'done', 'rejected', 'picked', 'uncollected'];
/** Tumbler marks the server takes back: "not here" only ("found" is undone by marking it not here again). */
const TUMBLER_NOTES: readonly (string | null)[] = [TIMELINE_NOTES.tumblerMissing];

/** What the undo of an entry takes back: its move, or a tumbler marked not here ('tumbler-missing'). */
export function undoMoveOf(entry: Pick<TimelineEntry, 'status' | 'note'>): string {
  return entry.note !== null && TUMBLER_NOTES.includes(entry.note) ? entry.note : entry.status;
}

/**
 * The entry the undo would take back, while the window lasts: the order's last entry, if it is a
 * barista's Do, Done, reject, handover, "not collected" or tumbler mark (not itself an undo) made
 * less than LIMITS.undoWindowSeconds ago. The owner's own pick-up is theirs, not the barista's to
 * take back. The server decides in the end; this only says whether to offer it.
 */
export function undoableEntry(
  entries: readonly TimelineEntry[],
  now: number,
  owner?: Pick<Order, 'user'>,
): TimelineEntry | null {
  const last = entries.at(-1);
  if (!last || last.note === 'undo' || last.from === null) return null;
  if (TUMBLER_NOTES.includes(last.note)) {
    if (last.from !== last.status) return null;
  } else {
    if (!BARISTA_MOVES.includes(last.status)) return null;
    if (!canUndo(last.status as OrderStatus, last.from as OrderStatus)) return null;
    // A pick-up is the barista's handover only when someone other than the owner made it.
    if (last.status === 'picked' && (!owner || !last.by || last.by.id === owner.user.id)) return null;
  }
  const at = Date.parse(last.at);
  if (Number.isNaN(at) || now - at >= LIMITS.undoWindowSeconds * 1000) return null;
  return last;
}
