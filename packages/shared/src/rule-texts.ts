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
 * The shared rules' validation messages that a person reads, each with its people message: the
 * server's 400 names it (`messageId`), so every reader words it in the person's language instead
 * of showing the rule's "token: ..." text.
 */
const RULE_PEOPLE_TEXTS: Readonly<Record<string, `people.${string}`>> = {
  [LINK_TOKEN_MESSAGES.chat]: 'people.link.notWhole',
  [LINK_TOKEN_MESSAGES.slack]: 'people.link.notWhole',
};

/** The people message of a shared rule's validation message, when a person may read it. */
export function ruleMessageText(message: string): PeopleText | undefined {
  const id = RULE_PEOPLE_TEXTS[message];
  return id === undefined ? undefined : peopleText(id);
}
