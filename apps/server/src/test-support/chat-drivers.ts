import { ACTIONS } from '../modules/slack/slack.blocks';
import {
  buttonsOf,
  cardProblems,
  googleChatEnv,
  sendEvent,
  sentencesOf,
  startGoogle,
  tapped,
} from './google-chat-fake';
import { typed as typedInChat, type Button, type Reply } from './google-chat-fake';
import { linePerson, lineWebhook, postbackEvent, textEvent, createLineApp } from './line-fixtures';
import { createOrderingApp, type SeededMenu } from './order-fixtures';
import { buttonTap, callsOf, coffeeCommand, createSlackApp, sendCommand } from './slack-fixtures';
import { readyToOrder, sendEvent as sendSlackEvent, sendInteraction, slackPerson, TEAM } from './slack-fixtures';
import type { ChatPersonOptions } from './slack-fixtures';
import { callsTo, cardOf, createTeamsApp, linesOf, messageFrom, postedId, sendActivity } from './teams-fixtures';
import { teamsPerson } from './teams-fixtures';
import type { TestApp, TestUser } from './test-app';

/*
 * One person driven through a chat the way that platform's person would (issue 63): typed words,
 * taps of the buttons the app sent (found in what it sent, never made up), and what they read, as
 * the platform-neutral sentences of each message once its format's markup is taken off. A script
 * written once runs through every driver (modules/chat/conversation.script.test.ts).
 */

/** What a script asks of a chat: the person's moves, and what they read. */
export interface ChatDriver {
  platform: string;
  t: TestApp;
  menu: SeededMenu;
  image: string;
  person: TestUser;
  /** Asks for coffee the platform's way (`words` where words are typed). */
  coffee(words: string): Promise<void>;
  /** Taps Order on the usual last offered. */
  order(): Promise<void>;
  /** Taps Cancel on the order's message. */
  cancel(orderId: number): Promise<void>;
  /** Opens the platform's "order again" (its entry reached with `coffeeWords` where it sits on the usual's offer) and taps Order again on the drink of `pastId`. */
  orderAgain(pastId: number, coffeeWords: string): Promise<void>;
  /** Asks for the open coffee runs (`words` where words are typed). */
  runs(words: string): Promise<void>;
  /** Each message the person read so far (sent, or updated in place), as its sentences joined by new lines, oldest first. */
  read(): string[];
  close(): Promise<void>;
}

export interface DriverOptions {
  clockNow?: string;
  /** Runs on the new app before the person is made (a menu's option groups). */
  prepare?(setup: { t: TestApp; menu: SeededMenu; image: string }): Promise<void>;
  /** The person: their language, what they avoid, their usual (of the app's menu). */
  person(menu: SeededMenu): ChatPersonOptions;
}

/** Sentences as every platform says them: spaces collapsed (a platform's layout joins parts its own way). */
export const spaced = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Slack's mrkdwn as the person reads it: `*bold*` and `:emoji:` codes taken off, `&amp;` `&lt;`
 * `&gt;` read back (slackText's escapes). Also what the catalogue's Slack-flavoured sentences
 * (`people.chat.*`) say once their bold is off.
 */
export const unSlack = (text: string): string =>
  spaced(
    text
      .replace(/:[a-z0-9_+-]+:/g, '')
      .replace(/\*/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );

/** The sentences of a Block Kit message or view (its mrkdwn and plain_text, not its buttons' labels), one a line. */
function slackLines(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(slackLines);
  if (!value || typeof value !== 'object') return [];
  const element = value as { type?: unknown; text?: unknown };
  // LINE's and Teams' sentences leave their buttons out too.
  if (element.type === 'button') return [];
  if ((element.type === 'mrkdwn' || element.type === 'plain_text') && typeof element.text === 'string')
    return [unSlack(element.text)];
  return Object.values(value).flatMap(slackLines);
}

/** The first value of a button `actionId` in blocks that `wanted` takes. */
function slackButton(blocks: unknown, actionId: string, wanted: (value: string) => boolean): string | undefined {
  if (Array.isArray(blocks)) return blocks.map((b) => slackButton(b, actionId, wanted)).find((v) => v !== undefined);
  if (!blocks || typeof blocks !== 'object') return undefined;
  const element = blocks as { action_id?: unknown; value?: unknown };
  if (element.action_id === actionId && typeof element.value === 'string' && wanted(element.value))
    return element.value;
  return Object.values(blocks)
    .map((v) => slackButton(v, actionId, wanted))
    .find((v) => v !== undefined);
}

/** The Slack app: `/coffee` (its own trigger word), the buttons of its messages, App Home's Order again. */
export async function slackDriver(options: DriverOptions): Promise<ChatDriver> {
  const s = await createSlackApp(options.clockNow ? { clockNow: options.clockNow } : {});
  await options.prepare?.(s);
  const slackId = 'U0SCRIPT';
  const person = await slackPerson(s, slackId, options.person(s.menu));
  const read: string[] = [];
  const raw: unknown[] = [];
  let seen = s.slack.calls.length;
  /** What reached the person: the command's answer, then the messages posted and updated since. */
  const heard = (answer?: unknown) => {
    if (answer) {
      read.push(slackLines(answer).join('\n'));
      raw.push(answer);
    }
    for (const call of s.slack.calls.slice(seen)) {
      if (call.method !== 'chat.postMessage' && call.method !== 'chat.update') continue;
      read.push(slackLines(call.params.blocks).join('\n'));
      raw.push(call.params.blocks);
    }
    seen = s.slack.calls.length;
  };
  const lastButton = (actionId: string, wanted: (value: string) => boolean = () => true) => {
    const value = raw
      .map((r) => slackButton(r, actionId, wanted))
      .filter((v) => v !== undefined)
      .at(-1);
    if (value === undefined) throw new Error(`Slack: no ${actionId} button in what the person read`);
    return value;
  };
  const tap = async (actionId: string, value: string) => {
    const res = await sendInteraction(s.t, buttonTap(slackId, actionId, value));
    if (res.statusCode !== 200) throw new Error(`Slack interaction: ${res.statusCode} ${res.body}`);
    heard();
  };
  const command = async (text: string) => {
    const res = await sendCommand(s.t, coffeeCommand(slackId, text));
    if (res.statusCode !== 200) throw new Error(`/coffee ${text}: ${res.statusCode} ${res.body}`);
    heard(res.body ? res.json() : undefined);
  };
  return {
    platform: 'Slack',
    t: s.t,
    menu: s.menu,
    image: s.image,
    person,
    // `/coffee` is Slack's coffee word: its words name a drink for the order modal, or "runs".
    coffee: () => command(''),
    order: () => tap(ACTIONS.orderUsual, lastButton(ACTIONS.orderUsual)),
    cancel: (orderId) =>
      tap(
        ACTIONS.cancel,
        lastButton(ACTIONS.cancel, (v) => v === String(orderId)),
      ),
    async orderAgain(pastId) {
      // Order again is on App Home, published when the person opens it.
      const opened = { type: 'app_home_opened', user: slackId, tab: 'home' };
      await sendSlackEvent(s.t, { type: 'event_callback', team_id: TEAM, event: opened });
      heard();
      const home = callsOf(s, 'views.publish')
        .filter((c) => c.params.user_id === slackId)
        .at(-1)?.params.view as { blocks?: unknown } | undefined;
      if (!home) throw new Error('Slack: no App Home was published');
      read.push(slackLines(home.blocks).join('\n'));
      raw.push(home.blocks);
      await tap(
        ACTIONS.again,
        lastButton(ACTIONS.again, (v) => v.startsWith(`${pastId}:`)),
      );
    },
    runs: (words) => command(words),
    read: () => [...read],
    close: () => s.close(),
  };
}

/** The sentences of LINE messages: a text message's, a Flex message's text components. */
function lineLines(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(lineLines);
  if (!value || typeof value !== 'object') return [];
  const element = value as { type?: unknown; text?: unknown };
  if (element.type === 'text' && typeof element.text === 'string') return [spaced(element.text)];
  return Object.values(value).flatMap(lineLines);
}

/** The postback data of the buttons in LINE messages. */
function postbacks(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(postbacks);
  if (!value || typeof value !== 'object') return [];
  const action = (value as { action?: { type?: unknown; data?: unknown } }).action;
  const own = action?.type === 'postback' && typeof action.data === 'string' ? [action.data] : [];
  return [...own, ...Object.values(value).flatMap(postbacks)];
}

/** The LINE channel: typed words, the postback buttons of its Flex messages (Order again sits on the usual's offer). */
export async function lineDriver(options: DriverOptions): Promise<ChatDriver> {
  const s = await createLineApp(options.clockNow ? { clockNow: options.clockNow } : {});
  await options.prepare?.(s);
  const { user: person, id } = await linePerson(s, options.person(s.menu));
  const read: string[] = [];
  const raw: unknown[] = [];
  let seen = s.line.deliveredTo(id).length;
  const heard = () => {
    for (const delivered of s.line.deliveredTo(id).slice(seen)) {
      read.push(lineLines(delivered.messages).join('\n'));
      raw.push(delivered.messages);
    }
    seen = s.line.deliveredTo(id).length;
  };
  const send = async (event: Record<string, unknown>) => {
    const res = await lineWebhook(s.t, [event]);
    if (res.statusCode !== 200) throw new Error(`LINE webhook: ${res.statusCode} ${res.body}`);
    heard();
  };
  /** Taps the newest button whose postback `wanted` takes. */
  const tap = (what: string, wanted: (data: URLSearchParams) => boolean) => {
    const data = raw
      .flatMap((r) => postbacks(r))
      .filter((d) => wanted(new URLSearchParams(d)))
      .at(-1);
    if (data === undefined) throw new Error(`LINE: no ${what} button in what the person read`);
    return send(postbackEvent(s, id, data));
  };
  const typed = (words: string) => send(textEvent(s, id, words));
  return {
    platform: 'LINE',
    t: s.t,
    menu: s.menu,
    image: s.image,
    person,
    coffee: typed,
    order: () => tap('Order', (d) => d.get('action') === 'order'),
    cancel: (orderId) => tap('Cancel', (d) => d.get('action') === 'cancel' && d.get('id') === String(orderId)),
    async orderAgain(pastId, coffeeWords) {
      await typed(coffeeWords);
      await tap('Order again (the list)', (d) => d.get('action') === 'again');
      await tap('Order again', (d) => d.get('action') === 'orderAgain' && d.get('id') === String(pastId));
    },
    runs: typed,
    read: () => [...read],
    close: () => s.close(),
  };
}

type Card = Record<string, unknown>;
/** The Action.Submit data anywhere in a card (its actions, an ActionSet's) that `wanted` takes. */
function submits(card: unknown, wanted: (data: Record<string, unknown>) => boolean): Record<string, unknown>[] {
  if (Array.isArray(card)) return card.flatMap((c) => submits(c, wanted));
  if (!card || typeof card !== 'object') return [];
  const action = card as { type?: unknown; data?: unknown };
  const own =
    action.type === 'Action.Submit' && action.data && typeof action.data === 'object' && wanted(action.data as Card)
      ? [action.data as Card]
      : [];
  return [...own, ...Object.values(card).flatMap((v) => submits(v, wanted))];
}

/** The Teams bot: typed words, the Action.Submit of its cards (sent back from that card), Order again on the usual's card. */
export async function teamsDriver(options: DriverOptions): Promise<ChatDriver> {
  const s = await createTeamsApp(options.clockNow ? { clockNow: options.clockNow } : {});
  await options.prepare?.(s);
  const aad = 'aad-script';
  const person = await teamsPerson(s, aad, options.person(s.menu));
  const read: string[] = [];
  const cards: { card: Card; id: string }[] = [];
  let seen = callsTo(s, aad).length;
  const heard = () => {
    for (const call of callsTo(s, aad).slice(seen)) {
      const card = cardOf(call);
      read.push(linesOf(card).map(spaced).join('\n'));
      // A new card's id is the one the Bot Connector gave it; an updated one's, in its path.
      cards.push({ card, id: call.method === 'POST' ? postedId(s, call) : (call.path.split('/').at(-1) ?? '') });
    }
    seen = callsTo(s, aad).length;
  };
  const send = async (fields: Parameters<typeof messageFrom>[2]) => {
    const res = await sendActivity(s, messageFrom(s, aad, { locale: 'th-TH', ...fields }));
    if (res.statusCode !== 202) throw new Error(`Teams activity: ${res.statusCode} ${res.body}`);
    heard();
  };
  /** Submits the newest card's action that `wanted` takes, from that card. */
  const submit = (what: string, wanted: (data: Record<string, unknown>) => boolean) => {
    const found = cards
      .map(({ card, id }) => ({ id, data: submits(card, wanted)[0] }))
      .filter((c) => c.data)
      .at(-1);
    if (!found?.data) throw new Error(`Teams: no ${what} action on the cards the person read`);
    return send({ value: found.data, replyToId: found.id });
  };
  const typed = (text: string) => send({ text });
  return {
    platform: 'Teams',
    t: s.t,
    menu: s.menu,
    image: s.image,
    person,
    coffee: typed,
    order: () => submit('Order (usual)', (d) => d.cafe === 'usual'),
    cancel: (orderId) => submit('Cancel', (d) => d.cafe === 'cancel' && d.order === String(orderId)),
    async orderAgain(pastId, coffeeWords) {
      await typed(coffeeWords);
      await submit('Order again (the list)', (d) => d.cafe === 'again');
      await submit('Order again', (d) => d.cafe === 'orderAgain' && d.order === String(pastId));
    },
    runs: typed,
    read: () => [...read],
    close: () => s.close(),
  };
}

/**
 * The Google Chat app: typed words in the person's direct message, the buttons of the cards v2 it
 * answers with (Order again sits under the usual's offer). A button's answer replaces the card it
 * was on (UPDATE_MESSAGE) or is a new message; an order's card then follows the order by PATCHes
 * to the stand-in's Chat API.
 */
export async function googleChatDriver(options: DriverOptions): Promise<ChatDriver> {
  const google = await startGoogle();
  const { t, menu, image } = await createOrderingApp({
    ...(options.clockNow ? { clockNow: options.clockNow } : {}),
    env: googleChatEnv(google),
  }).catch(async (error: unknown) => {
    await google.close();
    throw error;
  });
  const setup = { t, menu, image };
  await options.prepare?.(setup);
  const who = 'script';
  const person = await t.createUser({ name: `Chat ${who}` });
  await readyToOrder(setup, person, options.person(menu));
  // Chat names the person by their Workspace e-mail, which links them (docs/google-chat.md).
  const as = { email: person.email, locale: 'th' };
  const space = `spaces/dm-${who}`;
  const read: string[] = [];
  /** Each message as the person sees it now: its name in the space, and what it shows. */
  const messages: { name: string; message: Reply }[] = [];
  let answers = 0;
  let seen = google.patches.length;
  const shown = (name: string, message: Reply) => {
    read.push(sentencesOf(message).map(spaced).join('\n'));
    messages.push({ name, message });
  };
  /** The answer to an event (a new message, or the card tapped replaced), then the messages patched since. */
  const send = async (payload: Record<string, unknown>, tappedOn?: string) => {
    const res = await sendEvent(t, google, payload);
    if (res.statusCode !== 200) throw new Error(`Google Chat event: ${res.statusCode} ${res.body}`);
    const answer = res.json<Reply>();
    if (answer.cardsV2 && cardProblems(answer).length)
      throw new Error(`not cards v2: ${cardProblems(answer).join('; ')}`);
    if (answer.text !== undefined || answer.cardsV2) {
      const replaces = tappedOn && answer.actionResponse?.type === 'UPDATE_MESSAGE';
      shown(replaces ? tappedOn : `${space}/messages/answer-${++answers}`, answer);
    }
    for (const patch of google.patches.slice(seen))
      if (patch.name.startsWith(`${space}/`) && !patch.problems.length) shown(patch.name, patch.message);
    seen = google.patches.length;
  };
  /** Taps the newest button `fn` whose parameters `wanted` takes, on the message it is on. */
  const tap = (what: string, fn: string, wanted: (at: Record<string, string>) => boolean = () => true) => {
    const found = messages
      .map(({ name, message }) => {
        const button = buttonsOf(message).find(
          (b: Button) =>
            b.onClick.action?.function === fn &&
            wanted(Object.fromEntries(b.onClick.action.parameters.map((p) => [p.key, p.value]))),
        );
        return { name, button };
      })
      .filter((m) => m.button)
      .at(-1);
    if (!found?.button) throw new Error(`Google Chat: no ${what} button on the cards the person read`);
    return send(tapped(who, found.name, found.button, {}, as), found.name);
  };
  const typed = (words: string) => send(typedInChat(who, words, as));
  return {
    platform: 'Google Chat',
    t,
    menu,
    image,
    person,
    coffee: typed,
    order: () => tap('Order (usual)', 'usual'),
    cancel: (orderId) => tap('Cancel', 'cancel', (at) => at.order === String(orderId)),
    async orderAgain(pastId, coffeeWords) {
      await typed(coffeeWords);
      await tap('Order again', 'again', (at) => at.order === String(pastId));
    },
    runs: typed,
    read: () => [...read],
    close: async () => {
      await t.close();
      await google.close();
    },
  };
}
