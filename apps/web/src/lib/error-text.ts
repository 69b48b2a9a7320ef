import { ruleMessageText } from '@cafe/shared';
import { i18n } from '@/i18n';
import { ApiError } from './api-client';
import { hasPeopleMessage, sayPeople } from './people-text';

/*
 * What a refusal from the server says, in the interface's language: the people catalogue's message
 * its answer names (`messageId` and `params`), its values worded in the same language. The server
 * names one on every answer a person may read (docs/decisions/0105), so nothing here reads the
 * English `message` back or words a code: that English is shown only for an answer without an id
 * (an older server, or a detail of a request no form sends).
 */

/**
 * A shared rule's message (a zod issue of a @cafe/shared schema in a form) in the interface's
 * language: the rule names its people message where it is written (`ruleMessage`). Any other text
 * (a form's own rule, already in the interface's language) as it is.
 */
export function ruleText(message: string): string {
  const text = ruleMessageText(message);
  return text && hasPeopleMessage(text.id) ? sayPeople(text) : message;
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
    if (error.text && hasPeopleMessage(error.text.id)) return sayPeople(error.text);
    // No answer at all: the app's own words, not the server's.
    if (error.code === 'NETWORK') return i18n._('shared.error.network');
    // An older server gave this one in the specification's Thai only: English gets its translation.
    if (error.code === 'OUT_OF_RANGE') return i18n._('shared.spec.outOfRangeThai');
    return error.message;
  }
  return error instanceof Error ? error.message : undefined;
}

/** What the server said of a refused request (`errorText`), else `fallback` (the screen's own words for the failure). */
export const refusalOr = (error: unknown, fallback: string): string =>
  (error instanceof ApiError ? errorText(error) : undefined) ?? fallback;
