import { wordedValues, type PeopleText } from '@cafe/shared';
import { i18n } from '@/i18n';

/*
 * The people catalogue on the screen (packages/shared/locales/<language>/people.po, the web's
 * `people` part): what the shared rules and the server's refusals say, worded in the interface's
 * language with the values they name (diet tags, a venue, weekdays) in that language too.
 */

/** Whether the interface's language has this people message (a newer server may name one it has not). */
export const hasPeopleMessage = (id: string): boolean => id.startsWith('people.') && id in i18n.messages;

/** A people message in the interface's language. */
export function sayPeople(text: PeopleText): string {
  return i18n._(
    text.id,
    wordedValues(text.values, (id, values) => i18n._(id, values)),
  );
}
