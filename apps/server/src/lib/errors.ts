import { MESSAGES, type ErrorCode, type PeopleText, type PlacementRefusal } from '@cafe/shared';
import { inEnglish } from './people-texts';

/** An error the client caused or may meet; its message is shown to people as it is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** The people catalogue's message it says: a channel words it in the person's language. */
    readonly text?: PeopleText,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A refusal worded by the people catalogue: its `message` in English, its `text` for every other language. */
export const refusal = (statusCode: number, code: ErrorCode, text: PeopleText, message = inEnglish(text)) =>
  new AppError(statusCode, code, message, text);

export const badRequest = (message: string) => new AppError(400, 'VALIDATION', message);
export const unauthenticated = (message = 'Please sign in again.') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} was not found.`);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);

/**
 * The answer of a refusal of the shared placement decision: its status, code and the person's
 * words. The API's `message` is their English, but the specification's Thai for the out-of-range
 * refusal, which the contract quotes as it is (docs/api/orders.md).
 */
export function refuse(decided: PlacementRefusal | null): void {
  if (!decided) return;
  const message = decided.text.id === 'people.refusal.outOfRange' ? MESSAGES.outOfRangeThai : undefined;
  throw refusal(decided.status, decided.code, decided.text, message);
}
