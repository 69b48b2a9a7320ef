import { MESSAGES } from './messages';
import { peopleText, type PeopleText } from './people-text';

/**
 * What a chat's one-time link page is told when the token in its address is not a whole link
 * (cut short or mistyped when copied): the rule's own words, for the contract and the log.
 */
export const LINK_TOKEN_MESSAGES = {
  chat: 'token must be the one-time link from the chat',
  slack: 'token must be the one-time link from Slack',
} as const;

/**
 * The shared rules' validation messages that a person reads, each with its people message and the
 * values it names (a limit). A rule names its message where it is written (`ruleMessage`), so the
 * server's 400 carries the id (`messageId`, `params`) and a form words a zod issue of the same rule
 * in the person's language, both without reading the English back (docs/decisions/0105).
 */
const RULE_PEOPLE_TEXTS = new Map<string, PeopleText>();

/**
 * A shared rule's message: `english` is what the contract quotes (zod's issue message, the API's
 * `message`), `text` what a person reads in their language.
 */
export function ruleMessage(english: string, text: PeopleText): string {
  RULE_PEOPLE_TEXTS.set(english, text);
  return english;
}

ruleMessage(LINK_TOKEN_MESSAGES.chat, peopleText('people.link.notWhole'));
ruleMessage(LINK_TOKEN_MESSAGES.slack, peopleText('people.link.notWhole'));
// The web's menu form asks for a category with the specification's words.
ruleMessage(MESSAGES.addMenuIncomplete, peopleText('people.rule.addMenuIncomplete'));

/** The people message of a shared rule's validation message, when a person may read it. */
export function ruleMessageText(message: string): PeopleText | undefined {
  return RULE_PEOPLE_TEXTS.get(message);
}
