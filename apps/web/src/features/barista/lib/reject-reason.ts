import { LIMITS, MESSAGES, type REJECT_REASONS } from '@cafe/shared';

export const OTHER_REASON = 'Other';
export type RejectChoice = (typeof REJECT_REASONS)[number] | typeof OTHER_REASON;

export const otherReasonTooLong = `Please enter text (up to ${LIMITS.otherRejectReasonMax} characters)`;

/** The problem with a free-text reason, or null when it can be sent (SPEC section 5). */
export function otherReasonError(text: string): string | null {
  if (text.startsWith(' ')) return MESSAGES.nameLeadingSpace;
  if (text.length > LIMITS.otherRejectReasonMax) return otherReasonTooLong;
  return null;
}

/** The reject note to send, or null while no valid reason is set. */
export function rejectNoteOf(choice: RejectChoice | null, otherText: string): string | null {
  if (choice === null) return null;
  if (choice !== OTHER_REASON) return choice;
  if (otherText.trim() === '' || otherReasonError(otherText)) return null;
  return otherText.trim();
}
