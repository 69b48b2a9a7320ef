import { MESSAGES, type ErrorCode } from '@cafe/shared';
import { i18n, msgId } from '@/i18n';
import { ApiError } from './api-client';
import { hasPeopleMessage, sayPeople } from './people-text';

/*
 * What a refusal from the server says, in the interface's language. A refusal the people catalogue
 * words (its answer names `messageId` and `params`) is said from that catalogue, its values worded
 * in the same language. Otherwise the server's English (the specification's texts, word for word;
 * the contract quotes them), except the out-of-range refusal, which the specification gives in Thai:
 * English gets its translation. In Thai, refusals with a fixed meaning come from the catalogue by
 * their code; the rest (a validation detail) stay the server's.
 */
const IN_THAI: Partial<Record<ErrorCode | 'NETWORK', string>> = {
  ORDER_LIMIT_REACHED: msgId('shared.spec.orderLimit'),
  CAFE_CLOSED: msgId('shared.spec.cafeClosed'),
  BAR_CLOSED: msgId('shared.spec.barClosed'),
  CAFE_MENU_CLOSED_FRIDAY: msgId('shared.spec.cafeMenuClosedFriday'),
  BAR_ORDERING_DISABLED: msgId('shared.spec.cocktailOffline'),
  MENU_UNAVAILABLE: msgId('shared.spec.orderFailedBody'),
  PAYLOAD_TOO_LARGE: msgId('shared.spec.uploadTooLarge'),
  RATE_LIMITED: msgId('shared.error.rateLimited'),
  INTERNAL: msgId('shared.error.unavailable'),
  NETWORK: msgId('shared.error.network'),
  UNAUTHENTICATED: msgId('shared.error.unauthenticated'),
  FORBIDDEN: msgId('shared.error.forbidden'),
  NOT_FOUND: msgId('shared.error.notFound'),
  EMAIL_TAKEN: msgId('shared.error.emailTaken'),
  INVALID_TRANSITION: msgId('shared.error.invalidTransition'),
  UNDO_EXPIRED: msgId('shared.error.undoExpired'),
  ORDERS_PAUSED: msgId('shared.error.ordersPaused'),
  UNSUPPORTED_MEDIA: msgId('shared.error.unsupportedMedia'),
  ACCOUNT_HAS_OPEN_ORDERS: msgId('shared.error.accountHasOpenOrders'),
  WRONG_PASSWORD: msgId('shared.error.wrongPassword'),
  NO_PASSWORD: msgId('shared.error.noPassword'),
};

/** The shared rules' messages (zod schemas of @cafe/shared), word for word the specification's. */
const RULE_TEXTS: Record<string, string> = {
  [MESSAGES.nameEmpty]: msgId('shared.spec.nameEmpty'),
  [MESSAGES.nameDirectionControls]: msgId('shared.spec.nameDirectionControls'),
  [MESSAGES.nameNull]: msgId('shared.spec.nameNull'),
  [MESSAGES.nameLeadingSpace]: msgId('shared.spec.nameLeadingSpace'),
  [MESSAGES.nameLetters]: msgId('shared.spec.nameLetters'),
  [MESSAGES.remarkTooLong]: msgId('shared.spec.remarkTooLong'),
  [MESSAGES.uploadTooLarge]: msgId('shared.spec.uploadTooLarge'),
  [MESSAGES.checkOrder]: msgId('shared.spec.checkOrder'),
  [MESSAGES.addMenuIncomplete]: msgId('shared.spec.addMenuIncomplete'),
};

/** The shared rules' messages that carry a number (a limit), read back into it. */
const RULE_PATTERNS: [RegExp, string, string][] = [
  [/^email is required$/, msgId('shared.rule.emailRequired'), ''],
  [/^email must be a valid e-mail address$/, msgId('shared.rule.emailInvalid'), ''],
  [/^email must be at most (\d+) characters$/, msgId('shared.rule.emailTooLong'), 'max'],
  [/^password is required$/, msgId('shared.rule.passwordRequired'), ''],
  [/^password must be at least (\d+) characters$/, msgId('shared.rule.passwordTooShort'), 'min'],
  [/^password must be at most (\d+) characters$/, msgId('shared.rule.passwordTooLong'), 'max'],
  [/^Name must be at most (\d+) characters$/, msgId('shared.rule.nameTooLong'), 'max'],
  [/^Input must be at most (\d+) characters\.$/, msgId('shared.rule.inputTooLong'), 'max'],
  [/^Description must be at most (\d+) characters$/, msgId('shared.rule.descriptionTooLong'), 'max'],
];

/**
 * A message of a shared rule (a zod issue of @cafe/shared, or a server's validation message) in
 * the interface's language; any other text as it is.
 */
export function ruleText(message: string): string {
  const id = RULE_TEXTS[message];
  if (id) return i18n._(id);
  for (const [pattern, patternId, argument] of RULE_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return i18n._(patternId, argument ? { [argument]: Number(match[1]) } : {});
  }
  return message;
}

/** `ruleText` for an optional message (a form field's error). */
export function ruleTextOf(message: string | undefined): string | undefined {
  return message === undefined ? undefined : ruleText(message);
}

/**
 * The text to show for a failure: a refusal from the server in the interface's language, any other
 * error's own message, or undefined for something that is not an error.
 */
export function errorText(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    // The people catalogue's message, with its values, in the interface's language.
    if (error.text && hasPeopleMessage(error.text.id)) return sayPeople(error.text);
    if (error.code === 'UNAUTHENTICATED' && error.message === MESSAGES.loginFailed) {
      return i18n._('shared.spec.loginFailed');
    }
    if (error.code === 'EMAIL_DOMAIN') {
      const domain = /@(\S+)/.exec(error.message)?.[1];
      return domain ? i18n._('shared.spec.emailDomain', { domain }) : error.message;
    }
    // Too easy to guess: the reason is the estimator's (English); Thai says so and keeps the reason.
    if (error.code === 'WEAK_PASSWORD' && i18n.locale === 'th') {
      return i18n._('shared.error.weakPassword', { reason: error.message });
    }
    // The specification gives this one in Thai only: English gets its translation (an answer
    // without its message id; with one, the people catalogue says the same in either language).
    if (error.code === 'OUT_OF_RANGE') return i18n._('shared.spec.outOfRangeThai');
    const thai = IN_THAI[error.code];
    if (thai && i18n.locale === 'th') return i18n._(thai);
    return ruleText(error.message);
  }
  return error instanceof Error ? error.message : undefined;
}
