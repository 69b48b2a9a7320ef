import { LIMITS } from '@cafe/shared';
import { i18n } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/**
 * The moves a barista can take back: Do, Done, a cancel, a handover (`picked`), "not collected"
 * and a tumbler marked not here (a mistaken "found" is undone by marking it not here again).
 */
export type UndoableMove = 'in-progress' | 'done' | 'rejected' | 'picked' | 'uncollected' | 'tumbler-missing';

export const UNDO_WINDOW_MS = LIMITS.undoWindowSeconds * 1000;

/** What the undo bar says after a move of one order ("Done: Latte for Ann"). */
export function movedOneText(move: UndoableMove, label: string): string {
  switch (move) {
    case 'in-progress':
      return i18n._('barista.undo.startedOne', { order: label });
    case 'done':
      return i18n._('barista.undo.doneOne', { order: label });
    case 'rejected':
      return i18n._('barista.undo.canceledOne', { order: label });
    case 'picked':
      return i18n._('barista.undo.handedOverOne', { order: label });
    case 'uncollected':
      return i18n._('barista.undo.uncollectedOne', { order: label });
    case 'tumbler-missing':
      return i18n._('barista.undo.tumblerMissingOne', { order: label });
  }
}

/** What the undo bar says after a move of several orders ("Done: 3 orders"). */
export function movedManyText(move: UndoableMove, count: number): string {
  switch (move) {
    case 'in-progress':
      return i18n._('barista.undo.startedMany', { count });
    case 'done':
      return i18n._('barista.undo.doneMany', { count });
    case 'rejected':
      return i18n._('barista.undo.canceledMany', { count });
    case 'picked':
      return i18n._('barista.undo.handedOverMany', { count });
    case 'uncollected':
      return i18n._('barista.undo.uncollectedMany', { count });
    case 'tumbler-missing':
      return i18n._('barista.undo.tumblerMany', { count });
  }
}

/** The timeline's undo button ("Undo Done"), for the move it takes back. */
export function undoMoveText(move: string): string {
  switch (move) {
    case 'in-progress':
      return i18n._('barista.undo.undoStarted');
    case 'done':
      return i18n._('barista.undo.undoDone');
    case 'rejected':
      return i18n._('barista.undo.undoCanceled');
    case 'picked':
      return i18n._('barista.undo.undoHandedOver');
    case 'uncollected':
      return i18n._('barista.undo.undoUncollected');
    case 'tumbler-missing':
      return i18n._('barista.undo.undoTumblerMissing');
    default:
      return i18n._('barista.undo.undoOther', { move });
  }
}

/** Why an undo did not happen, for the person who asked for it. */
export function undoFailureText(label: string, error: unknown): string {
  if (isApiError(error, 'UNDO_EXPIRED'))
    return i18n._('barista.undo.tooLate', { order: label, seconds: LIMITS.undoWindowSeconds });
  const reason = errorText(error) ?? i18n._('barista.undo.noAnswer');
  return i18n._('barista.undo.notUndone', { order: label, reason });
}
