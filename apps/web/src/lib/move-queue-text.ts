import { i18n } from '@/i18n';
import { isApiError } from './api-client';
import { errorText } from './error-text';
import type { QueuedMove, RefusedMove } from './move-queue';

/** What a waiting tap is, as the screens list it ("Do: Latte for Ann"). */
export function queuedMoveText(move: QueuedMove, label: string): string {
  switch (move.move) {
    case 'in-progress':
      return i18n._('common.moveQueue.move.inProgress', { order: label });
    case 'done':
      return i18n._('common.moveQueue.move.done', { order: label });
    case 'rejected':
      return i18n._('common.moveQueue.move.rejected', { order: label, reason: move.reason ?? '' });
    case 'picked':
      return i18n._('common.moveQueue.move.picked', { order: label });
    case 'uncollected':
      return i18n._('common.moveQueue.move.uncollected', { order: label });
    case 'undo':
      return i18n._('common.moveQueue.move.undo', { order: label });
    case 'cancel':
      return i18n._('common.moveQueue.move.cancel', { order: label });
    case 'pick-up':
      return i18n._('common.moveQueue.move.pickUp', { order: label });
  }
}

/**
 * Why a waiting tap was not applied: the order changed meanwhile (someone else moved it, the person
 * cancelled), with the server's own words.
 */
export function refusalText(refusal: RefusedMove, label: string): string {
  const changed = isApiError(refusal.error, 'INVALID_TRANSITION') || isApiError(refusal.error, 'UNDO_EXPIRED');
  const reason = [changed ? i18n._('common.moveQueue.refusedChanged') : null, errorText(refusal.error)]
    .filter(Boolean)
    .join(' ');
  return i18n._('common.moveQueue.refused', { move: queuedMoveText(refusal.move, label), reason });
}

/** An order the screen has no name for. */
export function queuedOrderLabel(id: number): string {
  return i18n._('common.moveQueue.order', { id });
}
