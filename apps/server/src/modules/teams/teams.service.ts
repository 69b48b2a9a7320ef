import { createHash, randomUUID } from 'node:crypto';
import { peopleText, type MenuEntry } from '@cafe/shared';
import type { AppBase } from '../../context';
import { entryForWords, wordsIn, type Words } from '../../lib/chat-words';
import { notFound } from '../../lib/errors';
import { createTeamsAuth } from '../../lib/teams-auth';
import { chatPace } from '../../lib/pace';
import { createTeamsConnector, type Conversation } from '../../lib/teams-connector';
import type { Form, Shown, Speaker } from '../chat/conversation';
import type { Answers } from '../chat/order-form';
import { orderIdIn, textOf as str, workAfter } from '../chat/adapter-kit';
import { CARD_ACTIONS, againCard, attachment, cardWords, helpCard, notice, orderForm, viewCard } from './teams.cards';
import { answersOf, usualCard, type Card, type Submitted } from './teams.cards';
import { orderView, runsView } from '../chat/views';
import type { TeamsPorts } from './teams.ports';
import { chatSetting } from '../chat/chat.service';
import type { ChatChannelInfo } from '../chat/chat.ports';

/** What the bot reads of an activity (docs/api/teams.md). */
export interface TeamsActivity {
  type?: unknown;
  id?: unknown;
  serviceUrl?: unknown;
  locale?: unknown;
  text?: unknown;
  value?: unknown;
  replyToId?: unknown;
  from?: { id?: unknown; name?: unknown; aadObjectId?: unknown } | null;
  conversation?: { id?: unknown; tenantId?: unknown; conversationType?: unknown; isGroup?: unknown } | null;
  channelData?: { tenant?: { id?: unknown } | null } | null;
}
/** Where an order's card is: the conversation and the card's activity (chat_order_messages). */
type CardAt = Conversation & { activityId: string };
/** The speaker in their chat with the bot, and the card their submit came from (none: typed). */
type Person = Speaker & { at: Conversation; cardId: string | null; plain: Words };

/** A retried activity (the same id) is ignored this long. */
const SEEN_KEEP_MS = 24 * 3600_000;
/** The words of someone not known (yet): the activity's locale. */
const localeOf = (activity: TeamsActivity) => (str(activity.locale).toLowerCase().startsWith('th') ? 'th' : 'en');

/** What the chat module knows of Teams (chat.ports.ts): its 404, its link words, its settings. */
export const TEAMS_INFO: ChatChannelInfo = {
  notFound: { name: 'The Teams bot', text: peopleText('people.notFound.teamsBot') },
  words: 'teams',
  configOf: (config) => config.teams,
  settings: (config) => [
    chatSetting('TEAMS_APP_ID', config.teams !== null, false),
    chatSetting('TEAMS_APP_PASSWORD', config.teams !== null),
    chatSetting('TEAMS_TENANT_ID', Boolean(config.teams?.tenantId), false),
  ],
};

/**
 * The Microsoft Teams bot (docs/teams.md, decisions 0091 and 0107): an adapter on the one
 * conversation. It verifies an activity (the Bot Framework's JWT), hears it once, serves only a
 * personal chat, maps it to a step of the conversation, and shows the answer as an Adaptive Card:
 * the card a submit came from is replaced, else a new one is sent. The Bot Connector calls follow
 * in the background (`settled` waits for them).
 */
export function createTeamsService(ctx: AppBase, ports: TeamsPorts) {
  const { conversation } = ports;
  const config = ctx.config.teams;
  const auth = config && createTeamsAuth(config, () => ctx.clock.now());
  const connector = auth && createTeamsConnector(auth, undefined, chatPace(ctx));
  const bot = () => {
    if (!connector) throw notFound('The Teams bot');
    return connector;
  };

  const { later, settled } = workAfter(ctx, 'a Teams call', { record: { channel: 'teams', chat: ports.chat } });

  async function show(p: Pick<Person, 'at' | 'cardId'>, card: Card): Promise<string> {
    if (!p.cardId) return bot().send(p.at, attachment(card));
    await bot().update(p.at, p.cardId, async () => attachment(card));
    return p.cardId;
  }

  /** The person, linked by the e-mail Entra ID verified (the Bot Connector's member); else told why not. */
  async function personOf(activity: TeamsActivity, at: Conversation): Promise<Person | null> {
    const lang = localeOf(activity);
    const externalId = str(activity.from?.aadObjectId) || str(activity.from?.id);
    if (!externalId) return null;
    const member = await bot()
      .member(at, externalId)
      .catch(() => null);
    const email = member?.email ?? member?.userPrincipalName;
    const who = { externalId, name: str(activity.from?.name), verifiedEmail: email?.includes('@') ? email : null };
    const speaker = await conversation.person('teams', who, lang);
    const cardId = str(activity.replyToId) || null;
    if ('refused' in speaker) {
      await show({ at, cardId }, notice(cardWords(wordsIn(lang))(speaker.text)));
      return null;
    }
    // A card's words: what a sentence names (a drink, a site, a note) is text, never markdown.
    return { ...speaker, w: cardWords(speaker.w), plain: speaker.w, at, cardId };
  }

  /** An order placed: the card it came from becomes the order's card, kept in step. */
  async function placed(p: Person, shown: Shown): Promise<void> {
    if (shown.replayed) return;
    const activityId = await show(p, viewCard(orderView(p.plain, shown.order, shown.place, shown.timeZone)));
    if (await conversation.shown(p, shown.order, { ...p.at, activityId } satisfies CardAt))
      await follow(shown.order.id);
  }

  /** The order's card updated to where the order is when the call is made; `note` on top (a refusal). */
  async function follow(orderId: number, note: string | null = null): Promise<void> {
    const card = await conversation.following<CardAt>('teams', orderId);
    if (!card) return;
    const { activityId, ...at } = card.reference;
    const render = async () => {
      const now = await conversation.following<CardAt>('teams', orderId);
      return now && attachment(viewCard(orderView(now.w, now.order, null, now.timeZone), [], note));
    };
    await bot().update(at, activityId, render, note ? undefined : `order:${orderId}`);
  }

  /** The order form (`note` on top instead of its own, `given` the answers sent before), or why there is none. */
  const formCard = (p: Person, answer: Form | { none: string }, note?: string, given?: Answers) =>
    'none' in answer ? notice(answer.none) : orderForm(p.w, { ...answer, note: note ?? answer.note }, given);
  const form = async (p: Person, pick: (entry: MenuEntry) => boolean, note?: string, given?: Answers) =>
    show(p, formCard(p, await conversation.form(p, pick), note, given));

  const again = async (p: Person, note?: string) =>
    show(p, againCard(p.w, p.plain, await conversation.again(p), randomUUID(), note));

  const { refusedThen } = conversation;

  async function submitted(p: Person, value: Submitted): Promise<unknown> {
    const nonce = str(value.nonce).slice(0, 100);
    const id = orderIdIn(value.order);
    switch (value.cafe) {
      case CARD_ACTIONS.form:
      case CARD_ACTIONS.order: {
        const item = Number(value.item);
        const pick = (e: MenuEntry) => e.item.id === item;
        // Another drink chosen: its own form (its options), nothing ordered yet.
        if (value.cafe === CARD_ACTIONS.form || str(value.item) !== str(value.form)) return form(p, pick);
        // Asked again on the form, the answers kept, with what to fix or the refusal on top.
        const given = answersOf(value);
        const shown = await conversation
          .orderFrom(p, given, `form:${nonce}`)
          .catch(refusedThen(p, (said) => ({ fix: said })));
        return 'fix' in shown ? form(p, pick, shown.fix, given) : placed(p, shown);
      }
      case CARD_ACTIONS.usual: {
        const shown = await conversation.orderUsual(p, nonce, str(value.shown));
        return 'again' in shown ? show(p, usualCard(p.w, p.plain, shown.again, shown.said)) : placed(p, shown);
      }
      case CARD_ACTIONS.again:
        return again(p);
      case CARD_ACTIONS.orderAgain: {
        if (id === null) break;
        // Refused (what the drink contains now not confirmed, among others): the list again under it.
        return conversation.orderAgain(p, id, nonce, str(value.shown)).then(
          (shown) => placed(p, shown),
          refusedThen(p, (said) => again(p, said)),
        );
      }
      case CARD_ACTIONS.cancel:
      case CARD_ACTIONS.picked: {
        if (id === null) break;
        // A refusal is said to the sender only: on their own order's card in this chat, else in a card
        // of its own here (a stale or forged card may name someone else's order: theirs is not touched).
        const told = async (said: string) => {
          const card = await conversation.following<CardAt>('teams', id);
          const own = card?.userId === p.user.id && card.reference.conversationId === p.at.conversationId;
          return own ? follow(id, said) : bot().send(p.at, attachment(notice(said)));
        };
        return conversation.move(p, id, value.cafe).catch(refusedThen(p, told));
      }
    }
    return show(p, notice(conversation.stale(p)));
  }

  /** Typed words: the step they ask for (conversation.asked), else what the bot understands. */
  async function typed(p: Person, text: string): Promise<unknown> {
    const asked = conversation.asked(text);
    switch (asked.step) {
      case 'coffee': {
        const answer = await conversation.coffee(p);
        return show(p, 'usual' in answer ? usualCard(p.w, p.plain, answer.usual) : formCard(p, answer.form));
      }
      case 'menu':
        return form(p, entryForWords(asked.words));
      case 'usual':
        return show(p, usualCard(p.w, p.plain, await conversation.usual(p)));
      case 'runs':
        return show(p, viewCard(runsView(await conversation.runs({ ...p, w: p.plain }))));
      case 'help':
        return show(p, helpCard(p.w));
    }
  }

  async function handle(activity: TeamsActivity): Promise<void> {
    if (activity.type !== 'message') return;
    const at = { serviceUrl: str(activity.serviceUrl), conversationId: str(activity.conversation?.id) };
    if (!at.conversationId) return;
    // Personal scope only (decision 0091): a group chat or a channel is told so, in the activity's
    // locale, and nothing else is done (no member look-up, no link, no order, no card updated).
    const { conversationType, isGroup } = activity.conversation ?? {};
    if (conversationType !== 'personal' || isGroup === true) {
      const w = cardWords(wordsIn(localeOf(activity)));
      await bot().send(at, attachment(notice(w('people.teams.scope.personalOnly'))));
      return;
    }
    const p = await personOf(activity, at);
    if (!p) return;
    const value = activity.value;
    const asked =
      value && typeof value === 'object' && !Array.isArray(value)
        ? submitted(p, value as Submitted)
        : // Teams sends what was typed as HTML in places (a mention): its words only.
          typed(
            p,
            str(activity.text)
              .replace(/<[^>]*>/g, ' ')
              .slice(0, 200),
          );
    await asked.catch(refusedThen(p, (said) => show(p, notice(said))));
  }

  // The order's card follows the order's own moves.
  if (config) ctx.domainEvents.on('order.moved', ({ orderId }) => later('update', () => follow(orderId)));

  return {
    enabled: config !== null,

    /**
     * An activity from Teams: verified (401 otherwise, nothing done), an activity seen before (Teams
     * retries) ignored, and answered at once; what it asks follows in the background.
     */
    async receive(authorization: string | undefined, activity: TeamsActivity): Promise<void> {
      if (!auth) throw notFound('The Teams bot');
      await auth.verify(authorization, activity);
      const id = str(activity.id);
      if (id) {
        const key = createHash('sha256')
          .update(`${str(activity.conversation?.id)}\n${id}`)
          .digest('hex');
        if (!(await ports.chat.firstSeen('teams', key, SEEN_KEEP_MS))) return;
      }
      later('activity', () => handle(activity));
    },

    /** The work after the answers and the calls to Teams started so far, done (tests; shutdown). */
    settled: () => settled(async () => connector?.idle()),
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
