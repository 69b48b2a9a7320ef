import { LIMITS } from '@cafe/shared';
import { i18n, msgId } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { andList } from '@/features/barista/lib/and-list';

/**
 * The moves a barista can take back: Do, Done, a cancel, a handover (`picked`), "not collected"
 * and a tumbler marked not here (a mistaken "found" is undone by marking it not here again).
 */
export type UndoableMove = 'in-progress' | 'done' | 'rejected' | 'picked' | 'uncollected' | 'tumbler-missing';

export const UNDO_WINDOW_MS = LIMITS.undoWindowSeconds * 1000;

/** What the undo bar says after each move, of its orders (`order`). */
const MOVED_TEXT: Record<UndoableMove, string> = {
  'in-progress': msgId('barista.undo.startedOne'),
  done: msgId('barista.undo.doneOne'),
  rejected: msgId('barista.undo.canceledOne'),
  picked: msgId('barista.undo.handedOverOne'),
  uncollected: msgId('barista.undo.uncollectedOne'),
  'tumbler-missing': msgId('barista.undo.tumblerMissingOne'),
};

/** What the undo bar says after a move of one order ("Done: Latte for Ann"). */
export function movedOneText(move: UndoableMove, label: string): string {
  return i18n._(MOVED_TEXT[move], { order: label });
}

/** How many orders of a bulk move the undo bar names; the rest it counts ("and 4 other orders"). */
export const UNDO_NAMED_ORDERS = 3;

/**
 * What the undo bar says after a move, with its orders named in full (decision 0099): "Done: Latte
 * for Ann", "Started: Latte for Ann and Mocha for Bo", "Done: Latte for Ann, Mocha for Bo, Tea for
 * Cy and 2 other orders". A barista must see what Undo takes back.
 */
export function movedText(move: UndoableMove, labels: readonly string[]): string {
  const named = labels.slice(0, UNDO_NAMED_ORDERS);
  const others = labels.length - named.length;
  const order =
    others > 0 ? i18n._('barista.undo.namedAndOthers', { names: named.join(', '), count: others }) : andList(named);
  return movedOneText(move, order);
}

/** The timeline's undo button of each move it takes back. */
const UNDO_TEXT = new Map<string, string>([
  ['in-progress', msgId('barista.undo.undoStarted')],
  ['done', msgId('barista.undo.undoDone')],
  ['rejected', msgId('barista.undo.undoCanceled')],
  ['picked', msgId('barista.undo.undoHandedOver')],
  ['uncollected', msgId('barista.undo.undoUncollected')],
  ['tumbler-missing', msgId('barista.undo.undoTumblerMissing')],
]);

/** The timeline's undo button ("Undo Done"), for the move it takes back. */
export function undoMoveText(move: string): string {
  const id = UNDO_TEXT.get(move);
  return id ? i18n._(id) : i18n._('barista.undo.undoOther', { move });
}

/** Why an undo did not happen, for the person who asked for it. */
export function undoFailureText(label: string, error: unknown): string {
  if (isApiError(error, 'UNDO_EXPIRED'))
    return i18n._('barista.undo.tooLate', { order: label, seconds: LIMITS.undoWindowSeconds });
  const reason = errorText(error) ?? i18n._('barista.undo.noAnswer');
  return i18n._('barista.undo.notUndone', { order: label, reason });
}
