import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { PEOPLE_LANGUAGES, wordedValues, type PeopleLanguage, type PeopleText } from './people-text';

/*
 * The people catalogue read (packages/shared/locales/<language>/people.po), for the server, its
 * chat channels and the shared tests: the web reads the same files through its own catalogue
 * loader. Not exported from the package's index, so the web's bundles never carry it.
 */

/** What a catalogue answers: a message in a language, and whether a language has an id. */
export interface PeopleCatalogue {
  say(language: PeopleLanguage, text: PeopleText): string;
  has(language: PeopleLanguage, id: string): boolean;
  ids(language: PeopleLanguage): string[];
}

/** The messages of a .po file by id (entries without a translation left out). */
export function parsePeoplePo(source: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const item of PO.parse(source).items) {
    const text = item.msgstr[0];
    if (item.msgid && text) messages[item.msgid] = text;
  }
  return messages;
}

/**
 * A catalogue from each language's .po sources (its parts: people.po, and one per area that has many
 * messages, all in one id space). A message a language lacks is said in English; an id no catalogue
 * has throws (the catalogue test keeps every id the code names in both).
 */
export function createPeopleCatalogue(
  sources: Readonly<Record<PeopleLanguage, string | readonly string[]>>,
): PeopleCatalogue {
  const parse = (parts: string | readonly string[]) =>
    Object.assign({}, ...(typeof parts === 'string' ? [parts] : parts).map(parsePeoplePo)) as Record<string, string>;
  const messages = Object.fromEntries(PEOPLE_LANGUAGES.map((l) => [l, parse(sources[l])])) as Record<
    PeopleLanguage,
    Record<string, string>
  >;
  const readers = Object.fromEntries(
    PEOPLE_LANGUAGES.map((language) => {
      const i18n = setupI18n();
      i18n.setMessagesCompiler(compileMessage);
      i18n.loadAndActivate({ locale: language, messages: { ...messages.en, ...messages[language] } });
      return [language, i18n];
    }),
  ) as Record<PeopleLanguage, I18n>;
  return {
    say(language, text) {
      if (!(text.id in messages.en)) throw new Error(`No "${text.id}" message in the people catalogue`);
      const reader = readers[language];
      return reader._(
        text.id,
        wordedValues(text.values, (id, values) => reader._(id, values)),
      );
    },
    has: (language, id) => id in messages[language],
    ids: (language) => Object.keys(messages[language]),
  };
}
