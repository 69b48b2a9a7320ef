import { createHmac, randomUUID } from 'node:crypto';
import { peopleText } from '@cafe/shared';
import { HTTPFetchError, validateSignature } from '@line/bot-sdk';
import type { AppBase } from '../../context';
import { wordsIn } from '../../lib/chat-words';
import { badRequest, notFound, unauthenticated } from '../../lib/errors';
import { createLineClient } from '../../lib/line-client';
import type { Following, Shown, Speaker } from '../chat/conversation';
import { jsonObject, orderIdIn, workAfter } from '../chat/adapter-kit';
import { POSTBACK, againMessage, bubbleOf, notice, orderMessage, plainText, usualOffer } from './line.messages';
import { runsView } from '../chat/views';
import type { LineMessage } from './line.messages';
import type { LinePorts } from './line.ports';
import { chatSetting } from '../chat/chat.service';
import type { ChatChannelInfo } from '../chat/chat.ports';

/** What the app reads of LINE's webhook body (docs/api/line.md). */
export interface LineEvent {
  type?: string;
  webhookEventId?: string;
  timestamp?: number;
  replyToken?: string;
  deliveryContext?: { isRedelivery?: boolean };
  source?: { type?: string; userId?: string };
  message?: { type?: string; text?: string };
  postback?: { data?: string };
}
export interface LineWebhookBody {
  destination?: string;
  events?: unknown;
}

/** How long bodies' signatures and events' ids are remembered; an older event is not acted on. */
export const LINE_SEEN_KEEP_MS = 24 * 3600_000;
/** A reply token is used within this long of its event (LINE's last about a minute); later, a push. */
export const REPLY_VALID_MS = 50_000;
const LINE_USER_ID = /^U[0-9a-f]{32}$/;
const NONCE = /^[A-Za-z0-9-]{1,64}$/;
/** The moves an order's message is sent for once placed (in progress and a release are not worth a push). */
const TOLD_MOVES = new Set(['done', 'picked', 'cancel', 'rejected', 'uncollected']);

/** A reply token, when LINE sent its event, and whether it was used (it works once). */
type Reply = { token: string; at: number; used: boolean };
/** An event being answered: the person, and their answer (the event's reply token first). */
type Turn = { p: Speaker; reply: Reply | null; say: (...messages: LineMessage[]) => Promise<void> };
/** Where an order's messages go (chat_order_messages), and the status last told. */
type Reference = { lineUserId: string; told: string };

/** What a failed call to LINE was, for the admins' settings page. */
function failure(error: unknown): string {
  if (error instanceof HTTPFetchError) return `LINE answered ${error.status}: ${error.body.slice(0, 300)}`;
  return error instanceof Error ? error.message : String(error);
}

/** What the chat module knows of LINE (chat.ports.ts): its 404, its link words, its settings. */
export const LINE_INFO: ChatChannelInfo = {
  notFound: { name: 'The LINE channel', text: peopleText('people.notFound.lineChannel') },
  words: 'line',
  configOf: (config) => config.line,
  settings: (config) => [
    chatSetting('LINE_CHANNEL_SECRET', config.line !== null),
    chatSetting('LINE_CHANNEL_ACCESS_TOKEN', config.line !== null),
    chatSetting('LINE_LOGIN_CHANNEL_ID', Boolean(config.line?.liff), false),
    chatSetting('LINE_LIFF_ID', Boolean(config.line?.liff), false),
  ],
};

/**
 * The LINE channel (docs/line.md, decisions 0092 and 0107): an adapter on the one conversation.
 * Every webhook body is verified and answered at once; each event is acted on once (by any server
 * process), mapped to a step of the conversation and answered in Flex (line.messages.ts): a reply
 * while the event's reply token is fresh, else a push (counted). An order's moves are told once
 * across processes.
 */
export function createLineService(ctx: AppBase, ports: LinePorts) {
  const { clock } = ctx;
  const { conversation, chat } = ports;
  const config = ctx.config.line;
  const client = config ? createLineClient(config) : null;
  /** The reply token of a person's own tap on an order's button, for the message of the move it makes. */
  const taps = new Map<number, { userId: number; reply: Reply }>();
  // LINE's order form is the menu on the web: inside LINE (the LIFF page) when it is set up.
  const menuUri = config?.liff
    ? `https://liff.line.me/${config.liff.liffId}`
    : `${(ctx.config.publicUrl ?? '').replace(/\/+$/, '')}/`;
  const line = () => {
    if (!client) throw notFound('The LINE channel');
    return client;
  };

  const { later, settled } = workAfter(ctx, 'LINE work');

  /** Messages to the person: the reply token's once while fresh (else, or when LINE refuses it, a push). */
  async function send(lineUserId: string, reply: Reply | null, messages: LineMessage[]): Promise<void> {
    const body = { messages: messages.slice(0, 5) as never[] };
    try {
      if (reply && !reply.used && clock.now().getTime() - reply.at < REPLY_VALID_MS) {
        reply.used = true;
        const replied = await line()
          .call((api) => api.replyMessage({ replyToken: reply.token, ...body }))
          .then(
            () => true,
            (error: unknown) => {
              if (error instanceof HTTPFetchError && error.status === 400) return false; // expired: push
              throw error;
            },
          );
        if (replied) return;
      }
      const retryKey = randomUUID();
      await line().call((api) => api.pushMessage({ to: lineUserId, ...body }, retryKey));
      await chat.pushed('line');
    } catch (error) {
      await chat.deliveryFailed('line', failure(error));
      throw error;
    }
  }

  /** An order placed: its message, then followed (a move while it was being sent found none to follow). */
  async function placed(t: Turn, shown: Shown): Promise<void> {
    await t.say(orderMessage(t.p.w, shown.order, shown.place, shown.timeZone));
    if (shown.replayed) return;
    const reference: Reference = { lineUserId: t.p.externalId, told: shown.order.status };
    if (await conversation.shown(t.p, shown.order, reference)) await follow(shown.order.id);
  }

  /**
   * The order's message for a move worth one, once per move whichever server processes follow
   * which of the order's events (a reply to the owner's own tap, else a push).
   */
  async function follow(orderId: number): Promise<void> {
    const tap = taps.get(orderId);
    taps.delete(orderId);
    // Only the owner's own tap lends its reply token (a stale or forged button may name another's order).
    const replyOf = (f: Following<Reference>) => (tap?.userId === f.owner.id ? tap.reply : null);
    const worth = async (f: Following<Reference>) =>
      TOLD_MOVES.has(f.order.status) &&
      // Handed over at the counter: the drink is in their hand, a push says nothing new.
      !(f.order.status === 'picked' && !replyOf(f)) &&
      // Unlinked (or linked to another LINE account) since: LINE does nothing more for it.
      (await chat.externalIdOf('line', f.owner.id)) === f.reference.lineUserId;
    const f = await conversation.claimMove('line', orderId, worth);
    if (f) await send(f.reference.lineUserId, replyOf(f), [orderMessage(f.w, f.order, null, f.timeZone)]);
  }

  /** Words with the Menu button and Order again: where ordering starts. */
  const start = (t: Turn, words: string) => t.say(notice(t.p.w, words, menuUri, true));

  /** "coffee": the usual offered; with no usual yet, the form, which is LINE's Menu (the web). */
  async function coffee(t: Turn): Promise<void> {
    const asked = await conversation.coffee(t.p);
    if ('usual' in asked) return t.say(usualOffer(t.p.w, asked.usual, menuUri));
    return start(t, 'none' in asked.form ? asked.form.none : t.p.w('people.line.usual.none'));
  }

  const runs = async (t: Turn) => t.say(bubbleOf(runsView(await conversation.runs(t.p))));

  async function typed(t: Turn, text: string): Promise<void> {
    const { step } = conversation.asked(text);
    if (step === 'coffee') return coffee(t);
    if (step === 'usual') return t.say(usualOffer(t.p.w, await conversation.usual(t.p), menuUri));
    if (step === 'runs') return runs(t);
    // Help, and "coffee <a drink's words>": its form is the Menu button's page.
    return start(t, t.p.w('people.line.help'));
  }

  async function postback(t: Turn, data: URLSearchParams): Promise<void> {
    const { p } = t;
    const [action, id, n, shown] = [
      data.get('action'),
      orderIdIn(data.get('id')),
      data.get('n'),
      data.get('avoid') ?? '',
    ];
    const nonce = n !== null && NONCE.test(n) ? n : null;
    if (action === POSTBACK.coffee) return coffee(t);
    if (action === POSTBACK.runs) return runs(t);
    if (action === POSTBACK.again) return t.say(againMessage(p.w, await conversation.again(p), randomUUID(), menuUri));
    if (action === POSTBACK.order && nonce) {
      const answer = await conversation.orderUsual(p, nonce, shown);
      // What the drink contains changed: told, and the usual asked again with what it is now.
      if ('again' in answer) return t.say(notice(p.w, answer.said, menuUri), usualOffer(p.w, answer.again, menuUri));
      return placed(t, answer);
    }
    if (action === POSTBACK.orderAgain && id !== null && nonce) {
      return placed(t, await conversation.orderAgain(p, id, nonce, shown));
    }
    if ((action === POSTBACK.cancel || action === POSTBACK.picked) && id !== null) {
      // The move's message (follow, started within the move) takes the tap's reply token.
      if (t.reply) taps.set(id, { userId: p.user.id, reply: t.reply });
      try {
        return await conversation.move(p, id, action === POSTBACK.cancel ? 'cancel' : 'picked');
      } finally {
        taps.delete(id);
      }
    }
    return t.say(notice(p.w, conversation.stale(p), menuUri));
  }

  async function act(event: LineEvent): Promise<void> {
    const now = clock.now().getTime();
    const lineUserId = event.source?.userId ?? '';
    // Groups and rooms are not served: an order's messages are the person's own.
    if (event.source?.type !== 'user' || !LINE_USER_ID.test(lineUserId)) return;
    if (typeof event.timestamp === 'number' && now - event.timestamp > LINE_SEEN_KEEP_MS) return;
    const eventId = event.webhookEventId ?? '';
    if (!eventId || !(await chat.firstSeen('line', `event:${eventId}`, LINE_SEEN_KEEP_MS))) return;
    const text = event.message?.type === 'text' ? (event.message.text ?? '') : null;
    const data = event.type === 'postback' ? new URLSearchParams((event.postback?.data ?? '').slice(0, 300)) : null;
    if (event.type !== 'follow' && text === null && data === null) return;
    // The reply token's age counts from when LINE sent the event (a late delivery is answered by
    // a push), never from later than this server's now (a clock behind LINE's).
    const sentAt = typeof event.timestamp === 'number' && Number.isFinite(event.timestamp) ? event.timestamp : now;
    const reply = event.replyToken ? { token: event.replyToken, at: Math.min(sentAt, now), used: false } : null;
    // LINE's profile is asked only of someone not linked: their name, and the language they read.
    const ask = () =>
      line()
        .call((api) => api.getProfile(lineUserId))
        .catch(() => null);
    let asked: ReturnType<typeof ask> | undefined;
    const profile = () => (asked ??= ask());
    const who = { externalId: lineUserId, profile: async () => ({ name: (await profile())?.displayName ?? '' }) };
    const p = await conversation.person('line', who);
    if ('refused' in p) {
      const lang = (await profile())?.language?.startsWith('th') ? 'th' : 'en';
      return send(lineUserId, reply, [plainText(wordsIn(lang)(p.text))]);
    }
    const t: Turn = { p, reply, say: (...messages) => send(lineUserId, reply, messages) };
    const answer = data ? postback(t, data) : text !== null ? typed(t, text) : start(t, p.w('people.line.greeting'));
    await answer.catch(conversation.refusedThen(p, (said) => t.say(notice(p.w, said, menuUri))));
  }

  if (config) ctx.domainEvents.on('order.moved', ({ orderId }) => later('order.moved', () => follow(orderId)));

  return {
    enabled: config !== null,

    /**
     * A webhook body: LINE's signature (`X-Line-Signature`, base64 HMAC-SHA256 of the raw body with
     * the channel secret), never seen before by any server process, a JSON object with `events`.
     * Anything else is refused and nothing is done; the events are acted on after the answer.
     */
    async webhook(rawBody: string, signature: string | undefined): Promise<Record<string, never>> {
      if (!config) throw notFound('The LINE channel');
      if (!signature || !validateSignature(rawBody, config.channelSecret, signature)) {
        throw unauthenticated('LINE request refused: the signature does not match.');
      }
      const body: LineWebhookBody = jsonObject(rawBody, 'The body must be a JSON object.');
      if (!Array.isArray(body.events))
        throw badRequest('The body must be a JSON object with `events`, as LINE sends it.');
      const events = body.events.filter((e): e is LineEvent => Boolean(e) && typeof e === 'object');
      // LINE's "Verify" sends the same empty body each time: nothing to replay, so not remembered.
      if (events.length === 0) return {};
      const digest = createHmac('sha256', config.channelSecret).update(rawBody).digest('base64');
      if (!(await chat.firstSeen('line', `sig:${digest}`, LINE_SEEN_KEEP_MS))) {
        throw unauthenticated('LINE request refused: it was seen before (a replay).');
      }
      for (const event of events) later(event.type ?? 'event', () => act(event));
      return {};
    },

    /** The work after the answers and the calls to LINE started so far, done (tests; shutdown). */
    settled: () => settled(async () => client?.idle()),
  };
}

export type LineService = ReturnType<typeof createLineService>;
