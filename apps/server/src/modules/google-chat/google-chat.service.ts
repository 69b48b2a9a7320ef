import { createHash, randomUUID } from 'node:crypto';
import { peopleText } from '@cafe/shared';
import type { AppBase, Services } from '../../context';
import { entryForWords, wordsIn } from '../../lib/chat-words';
import * as kit from '../chat/adapter-kit';
import type { Conversation, Form, Shown, Speaker } from '../chat/conversation';
import type { Answers } from '../chat/order-form';
import { card, formSection, section, type Message, type Section } from './google-chat.cards';
import { againView, orderView, runsView, usualView } from '../chat/views';
import { createGoogle } from './google-chat.google';
import { chatSetting } from '../chat/chat.service';
import type { ChatChannelInfo } from '../chat/chat.ports';

/** What the app reads of a Chat interaction event (docs/api/google-chat.md); a field of another shape is none. */
function read(event: Record<string, unknown>) {
  const [o, s, list] = [kit.objectOf, kit.textOf, kit.listOf];
  const [user, space, message, action, common] = (['user', 'space', 'message', 'action', 'common'] as const).map(
    (key) => o(event[key]),
  );
  const inputs = Object.entries(o(common?.formInputs)).map(([k, v]) => [k, list(o(o(v).stringInputs).value).map(s)]);
  return {
    type: s(event.type),
    who: { externalId: s(user?.name), name: s(user?.displayName), verifiedEmail: s(user?.email) || null },
    dm: s(space?.type) === 'DM' || s(space?.spaceType) === 'DIRECT_MESSAGE',
    lang: s(common?.userLocale).startsWith('th') ? ('th' as const) : ('en' as const),
    text: s(message?.argumentText) || s(message?.text),
    name: s(message?.name),
    does: s(action?.actionMethodName),
    at: Object.fromEntries(list(action?.parameters).map((p) => [s(o(p).key), s(o(p).value)])) as Record<string, string>,
    given: Object.fromEntries(inputs) as Answers,
  };
}
type ChatEvent = ReturnType<typeof read>;
/** An answer: a message, which for a button replaces its card (UPDATE_MESSAGE) or is a new one. */
type Reply = Message & { actionResponse?: { type: 'NEW_MESSAGE' | 'UPDATE_MESSAGE' } };
/** Where an order's message is (chat_order_messages), and the status it shows. */
type Reference = { name: string; told: string };

const SEEN_KEEP_MS = 24 * 3600_000;
const update = (message: Message): Reply => ({ actionResponse: { type: 'UPDATE_MESSAGE' }, ...message });

/** What the chat module knows of Google Chat (chat.ports.ts): its 404, its link words, its settings. */
export const GOOGLE_CHAT_INFO: ChatChannelInfo = {
  notFound: { name: 'The Google Chat app', text: peopleText('people.notFound.googleChatApp') },
  words: 'googleChat',
  configOf: (config) => config.googleChat,
  settings: (config) => [
    chatSetting('GOOGLE_CHAT_PROJECT_NUMBER', config.googleChat !== null, false),
    chatSetting('GOOGLE_CHAT_SERVICE_ACCOUNT', config.googleChat !== null),
  ],
};

/**
 * The Google Chat app (docs/google-chat.md, decision 0107): an adapter of the one conversation.
 * Every event is verified (Chat's bearer token) and answered in the response, in cards v2; an
 * order's message then follows the order's moves through the Chat API, one call at a time.
 */
export function createGoogleChatService(
  ctx: AppBase,
  ports: {
    conversation: Conversation;
    chat: Pick<Services['chat'], 'requireConfigured' | 'firstSeen' | 'deliveryFailed'>;
  },
) {
  const config = ctx.config.googleChat;
  let made: ReturnType<typeof createGoogle> | undefined;
  /** Google's side, its libraries loaded when first needed; null while the app is not configured. */
  const google = async () => (config ? (made ??= createGoogle(config)) : null);
  const talk = ports.conversation;
  /** Orders whose move a button of this process answers in its response: no call for them. */
  const answering = new Set<number>();
  // The calls after an answer, one at a time; a failure is the channel's last error (settings page).
  const record = { channel: 'google-chat', chat: ports.chat } as const;
  const calls = kit.workAfter(ctx, 'a Google Chat call', { record, serial: true });
  const later = (work: () => Promise<unknown>) => calls.later('spaces.messages.patch', work);

  /** The card of an order's move its message does not show yet, claimed once across processes. */
  async function claim(orderId: number) {
    const at = await talk.claimMove<Reference>('google-chat', orderId);
    return at && { name: at.reference.name, message: card(section(orderView(at.w, at.order, null, at.timeZone))) };
  }
  /** An order's message shows its card now (spaces.messages.patch). */
  const tell = async (told: { name: string; message: Message } | null) =>
    told && (await google())?.update(told.name, told.message);
  const follow = async (orderId: number) => tell(answering.has(orderId) ? null : await claim(orderId));

  /** A placed order's card replaces the one its button was on, which then follows the order. */
  async function placed(p: Speaker, shown: Shown, name: string): Promise<Reply> {
    const { order } = shown;
    if (!shown.replayed && (await talk.shown(p, order, { name, told: order.status } satisfies Reference)))
      later(() => follow(order.id));
    return update(card(section(orderView(p.w, order, shown.place, shown.timeZone))));
  }

  const formCard = (p: Speaker, form: Form | { none: string }, given: Answers = {}, ...more: Section[]): Message =>
    'none' in form ? { text: form.none } : card(formSection(p.w, form, given), ...more);

  /** Typed words: "coffee [words of a drink]", "usual", "runs" (or their Thai), else what the app understands. */
  async function typed(p: Speaker, words: string): Promise<Message> {
    const asked = talk.asked(words);
    if (asked.step === 'runs') return card(section(runsView(await talk.runs(p))));
    if (asked.step === 'usual') return card(section(usualView(p.w, await talk.usual(p))));
    if (asked.step === 'menu') return formCard(p, await talk.form(p, entryForWords(asked.words)));
    if (asked.step === 'help') return { text: p.w('people.googleChat.help') };
    const [coffee, again] = await Promise.all([talk.coffee(p), talk.again(p)]);
    const past = section(againView(p.w, again, randomUUID()));
    return 'usual' in coffee ? card(section(usualView(p.w, coffee.usual)), past) : formCard(p, coffee.form, {}, past);
  }

  /** A button: order the usual or a past drink, a drink chosen in the form or the form's order, cancel, picked up. */
  async function clicked(p: Speaker, event: ChatEvent): Promise<Reply> {
    const { at, given, does, name } = event;
    const [id, nonce, shown] = [kit.orderIdIn(at.order), (at.nonce ?? '').slice(0, 100), at.shown ?? ''];
    const formOn = async (item: string | undefined, note?: string) => {
      const form = await talk.form(p, (e) => String(e.item.id) === item);
      return update(formCard(p, 'none' in form || !note ? form : { ...form, note }, given));
    };
    if (does === 'usual') {
      const ordered = await talk.orderUsual(p, nonce, shown);
      return 'again' in ordered
        ? update(card(section(usualView(p.w, ordered.again, ordered.said))))
        : placed(p, ordered, name);
    }
    if (does === 'again' && id) return placed(p, await talk.orderAgain(p, id, nonce, shown), name);
    // Another drink chosen: its own form (its options), nothing ordered yet.
    if (does === 'form' || (does === 'order' && given.item?.[0] !== at.form)) return formOn(given.item?.[0]);
    if (does === 'order') {
      const ordered = await talk.orderFrom(p, given, `form:${nonce}`).catch(talk.refusedThen(p, (fix) => ({ fix })));
      return 'fix' in ordered ? formOn(at.form, ordered.fix) : placed(p, ordered, name);
    }
    if ((does === 'cancel' || does === 'picked') && id) {
      answering.add(id);
      try {
        await talk.move(p, id, does);
        // The order's own card shows the move in this response; another (it moved on meanwhile) by a call.
        const told = await claim(id);
        if (told?.name === name) return update(told.message);
        if (told) later(() => tell(told));
        return {};
      } finally {
        answering.delete(id);
      }
    }
    return { actionResponse: { type: 'NEW_MESSAGE' }, text: talk.stale(p) };
  }

  async function handle(event: ChatEvent): Promise<Reply> {
    const { type, who, lang } = event;
    if (!['MESSAGE', 'CARD_CLICKED', 'ADDED_TO_SPACE'].includes(type) || !who.externalId) return {};
    // Direct messages only: the members of a space would read each other's links and orders.
    if (!event.dm) return { text: wordsIn(lang)('people.googleChat.dmOnly') };
    // Chat names the person's Workspace e-mail, which Google verified: it links them to the cafe.
    const p = await talk.person('google-chat', who, lang);
    if ('refused' in p) return { text: p.refused };
    if (type === 'ADDED_TO_SPACE') return { text: p.w('people.googleChat.greeting') };
    const said = (text: string): Reply => ({
      ...(type === 'CARD_CLICKED' && { actionResponse: { type: 'NEW_MESSAGE' } }),
      text,
    });
    return (type === 'CARD_CLICKED' ? clicked(p, event) : typed(p, event.text)).catch(talk.refusedThen(p, said));
  }

  if (config) ctx.domainEvents.on('order.moved', ({ orderId }) => later(() => follow(orderId)));

  return {
    /** 404 while the app is not configured (GOOGLE_CHAT_PROJECT_NUMBER, GOOGLE_CHAT_SERVICE_ACCOUNT). */
    requireConfigured: () => ports.chat.requireConfigured('google-chat'),

    /** An event from Chat: verified (401 otherwise, nothing done), and answered in the response. */
    async receive(authorization: string | undefined, body: string): Promise<Reply> {
      ports.chat.requireConfigured('google-chat');
      await (await google())?.verify(authorization);
      const event = kit.jsonObject(body, 'The body must be a Chat event.');
      // Chat sends again an event it had no answer to: acted on once, by any server process.
      const seen = createHash('sha256').update(body).digest('hex');
      return (await ports.chat.firstSeen('google-chat', seen, SEEN_KEEP_MS)) ? handle(read(event)) : {};
    },

    /** The calls to Chat started so far, done (tests; shutdown). */
    settled: () => calls.settled(),
  };
}

export type GoogleChatService = ReturnType<typeof createGoogleChatService>;
