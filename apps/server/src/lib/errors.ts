import { STATUS_CODES } from 'node:http';
import {
  MESSAGES,
  peopleText,
  type ErrorBody,
  type ErrorCode,
  type PeopleText,
  type PlacementRefusal,
} from '@cafe/shared';
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

export const badRequest = (message: string, text?: PeopleText) => new AppError(400, 'VALIDATION', message, text);
export const unauthenticated = (message = 'Please sign in again.', text?: PeopleText) =>
  new AppError(401, 'UNAUTHENTICATED', message, text);
export const forbidden = (message = 'You are not allowed to do this.', text?: PeopleText) =>
  new AppError(403, 'FORBIDDEN', message, text);
export const notFound = (what: string, text?: PeopleText) =>
  new AppError(404, 'NOT_FOUND', `${what} was not found.`, text);
export const conflict = (code: ErrorCode, message: string, text?: PeopleText) => new AppError(409, code, message, text);

/**
 * What a person reads for an answer of this code that names no people message of its own: a code
 * with one meaning whatever raised it. The API's `message` stays the raiser's English; the answer's
 * `messageId` is this, so a client says it in the person's language without reading that English
 * (docs/decisions/0105). A raiser with more to say gives its own text (`refusal`).
 */
const CODE_TEXTS: Partial<Record<ErrorCode, PeopleText>> = {
  UNAUTHENTICATED: peopleText('people.error.unauthenticated'),
  FORBIDDEN: peopleText('people.error.forbidden'),
  NOT_FOUND: peopleText('people.error.notFound'),
  EMAIL_TAKEN: peopleText('people.error.emailTaken'),
  WRONG_PASSWORD: peopleText('people.auth.passwordWrong'),
  NO_PASSWORD: peopleText('people.auth.noPassword'),
  ORDER_LIMIT_REACHED: peopleText('people.refusal.orderLimit'),
  CAFE_CLOSED: peopleText('people.refusal.cafeClosed'),
  BAR_CLOSED: peopleText('people.refusal.barClosed'),
  CAFE_MENU_CLOSED_FRIDAY: peopleText('people.refusal.cafeMenuClosedFriday'),
  BAR_ORDERING_DISABLED: peopleText('people.refusal.barOnline'),
  MENU_UNAVAILABLE: peopleText('people.refusal.itemInactive'),
  INVALID_TRANSITION: peopleText('people.error.invalidTransition'),
  UNDO_EXPIRED: peopleText('people.error.undoExpired'),
  ORDERS_PAUSED: peopleText('people.refusal.pausedManual'),
  ACCOUNT_HAS_OPEN_ORDERS: peopleText('people.error.accountHasOpenOrders'),
  PAYLOAD_TOO_LARGE: peopleText('people.upload.tooLarge'),
  UNSUPPORTED_MEDIA: peopleText('people.error.unsupportedMedia'),
  RATE_LIMITED: peopleText('people.error.rateLimited'),
  INTERNAL: peopleText('people.error.internal'),
};

/** The people message an error answer names: its own, else its code's (undefined: a detail of a request no form sends). */
export const answerText = (code: ErrorCode, text?: PeopleText): PeopleText | undefined => text ?? CODE_TEXTS[code];

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

/** An error answer in docs/api.md's shape, naming the people message a person reads for it. */
export function errorBodyOf(statusCode: number, code: ErrorCode, message: string, text?: PeopleText): ErrorBody {
  const said = answerText(code, text);
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    code,
    ...(said ? { messageId: said.id, ...(said.values ? { params: { ...said.values } } : {}) } : {}),
  };
}

/** A refusal as the error answer of a request would say it (a bulk move's result, a replayed answer). */
export const errorBodyOfError = (error: AppError): ErrorBody =>
  errorBodyOf(error.statusCode, error.code, error.message, error.text);
