import { LIMITS, TUMBLER_NOT_FOUND_NOTE, type REJECT_REASONS } from '@cafe/shared';
import { i18n, msgId } from '@/i18n';

export const OTHER_REASON = 'Other';
export type RejectChoice = (typeof REJECT_REASONS)[number] | typeof OTHER_REASON;

/**
 * Each reason as the barista reads it. The note sent (and kept on the order) stays the
 * specification's English words; only what shows is translated.
 */
const REASON_TEXT: Record<RejectChoice, string> = {
  'Ingredient Unavailable': msgId('barista.reject.reason.ingredient'),
  'Barista was not at the bar': msgId('barista.reject.reason.notAtBar'),
  'Machine Failure': msgId('barista.reject.reason.machine'),
  'Barista can not fine your tumbler': msgId('barista.reject.reason.tumbler'),
  'The shop is closing': msgId('barista.reject.reason.closing'),
  Other: msgId('barista.reject.reason.other'),
};

/** Notes the server writes itself: the automatic cancel of a tumbler nobody brought says what the reason says. */
const NOTE_TEXT: Record<string, string> = { [TUMBLER_NOT_FOUND_NOTE]: msgId('barista.reject.tumblerNotFound') };

/** A reject choice, or a note kept on an order, in the interface's language (a free-text note as written). */
export function rejectReasonText(reason: string): string {
  const id = (REASON_TEXT as Record<string, string | undefined>)[reason] ?? NOTE_TEXT[reason];
  return id ? i18n._(id) : reason;
}

/** The message for a free-text reason that is too long. */
export function otherReasonTooLong(): string {
  return i18n._('barista.reject.otherTooLong', { max: LIMITS.otherRejectReasonMax });
}

/**
 * The problem with a free-text reason, or null when it can be sent: it may not start with a space
 * and holds at most 27 characters.
 */
export function otherReasonError(text: string): string | null {
  if (text.startsWith(' ')) return i18n._('shared.spec.nameLeadingSpace');
  if (text.length > LIMITS.otherRejectReasonMax) return otherReasonTooLong();
  return null;
}

/** The reject note to send, or null while no valid reason is set. */
export function rejectNoteOf(choice: RejectChoice | null, otherText: string): string | null {
  if (choice === null) return null;
  if (choice !== OTHER_REASON) return choice;
  if (otherText.trim() === '' || otherReasonError(otherText)) return null;
  return otherText.trim();
}
