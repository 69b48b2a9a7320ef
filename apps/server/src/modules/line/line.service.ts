import { createHmac, randomUUID } from 'node:crypto';
import { conflictsOfDrink, peopleText, type NotificationLanguage, type Order } from '@cafe/shared';
import { HTTPFetchError, validateSignature } from '@line/bot-sdk';
import type { AppBase, AuthUser } from '../../context';
import { asksForRuns, choiceLine, confirmedAvoids, openRuns, refusalText, wordsIn } from '../../lib/chat-words';
import type { Words } from '../../lib/chat-words';
import { AppError, badRequest, notFound, refusal, unauthenticated } from '../../lib/errors';
import { createLineClient } from '../../lib/line-client';
import { POSTBACK, notice, orderMessage, plainText, runsMessage, usualOffer, type LineMessage } from './line.messages';
import type { LinePorts } from './line.ports';

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
const idOf = (value: string | null): number | null => (/^[1-9]\d{0,8}$/.test(value ?? '') ? Number(value) : null);
/** The moves an order's message is sent for once placed (in progress and a release are not worth a push). */
const TOLD_MOVES = new Set(['done', 'picked', 'cancel', 'rejected', 'uncollected']);

/** A reply token, when LINE sent its event, and whether it was used (it works once). */
type Reply = { token: string; at: number; used: boolean };
type Person = { lineUserId: string; user: AuthUser; w: Words; reply: Reply | null };
/** Where an order's messages go (chat_order_messages), and the status last told. */
type Reference = { lineUserId: string; told: string };

/** Refusals without the door's words, said LINE's way (Slack's name `/coffee` and its Home tab). */
const BY_CODE: Partial<Record<string, `people.${string}`>> = {
  NOT_FOUND: 'people.line.refused.gone',
  IDEMPOTENCY_KEY_REUSED: 'people.line.refused.used',
  IDEMPOTENCY_KEY_IN_USE: 'people.line.refused.used',
  VALIDATION: 'people.line.refused.invalid',
};
const said = (w: Words, error: AppError) =>
  !error.text && BY_CODE[error.code] ? w(BY_CODE[error.code] ?? 'people.line.refused.invalid') : refusalText(w, error);

/** What a failed call to LINE was, for the admins' settings page. */
function failure(error: unknown): string {
  if (error instanceof HTTPFetchError) return `LINE answered ${error.status}: ${error.body.slice(0, 300)}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The LINE channel (docs/line.md, decision 0092): transport only. Every webhook body is verified
 * and answered at once; each event is acted on once (by any server process), mapped to the
 * ordering door (the usual, `place`, the open coffee runs), the owner's moves and the person's
 * language, and answered in the person's words: a reply while the event's reply token is fresh,
 * else a push (counted).
 */
export function createLineService(ctx: AppBase, ports: LinePorts) {
  const { clock, log } = ctx;
  const config = ctx.config.line;
  const client = config ? createLineClient(config) : null;
  const pending = new Set<Promise<void>>();
  /** The reply token of the person's own tap on an order's button, for the message of the move it makes. */
  const replies = new Map<number, Reply>();
  const menuUri = config?.liff
    ? `https://liff.line.me/${config.liff.liffId}`
    : `${(ctx.config.publicUrl ?? '').replace(/\/+$/, '')}/`;
  const line = () => {
    if (!client) throw notFound('The LINE channel');
    return client;
  };

  function later(what: string, work: () => Promise<unknown>): void {
    const warn = (error: unknown) => log.warn({ err: error, what }, 'LINE work after the answer failed');
    const run = work()
      .then(() => undefined, warn)
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  /** Messages to the person: the reply token's once while fresh (else, or when LINE refuses it, a push). */
  async function send(to: { lineUserId: string; reply: Reply | null }, messages: LineMessage[]): Promise<void> {
    const { reply } = to;
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
      await line().call((api) => api.pushMessage({ to: to.lineUserId, ...body }, retryKey));
      await ports.chat.pushed('line');
    } catch (error) {
      await ports.chat.deliveryFailed('line', failure(error));
      throw error;
    }
  }

  /** The person of a LINE account, or what they are told in the language LINE says they read. */
  async function personOf(lineUserId: string, reply: Reply | null): Promise<Person | { refused: string }> {
    const profile = await line()
      .call((api) => api.getProfile(lineUserId))
      .catch(() => null);
    const actor = await ports.chat.actor('line', { externalId: lineUserId, name: profile?.displayName ?? '' });
    if (!('refused' in actor)) return { lineUserId, user: actor, w: wordsIn(await ports.language(actor)), reply };
    const lang: NotificationLanguage = profile?.language?.startsWith('th') ? 'th' : 'en';
    return { refused: wordsIn(lang)(actor.refused) };
  }

  /** The person's usual as it will be made at their site, and what of it they avoid. */
  async function usualOf(p: Person) {
    const drink = await ports.ordering.usual.usualOf(p.user.id);
    if (!drink) throw refusal(404, 'NOT_FOUND', peopleText('people.line.usual.none'));
    const [site, entries, avoids, tumbler] = await Promise.all([
      ports.siteOf(p.user),
      ports.ordering.menuFor(p.user, 'cafe'),
      ports.users.avoidsOf(p.user.id),
      ports.orders.recentTumblerOf(p.user.id),
    ]);
    if (!tumbler) throw refusal(400, 'VALIDATION', peopleText('people.chat.usual.noTumbler'));
    const item = entries.find((e) => e.item.id === drink.menu_id)?.item;
    const conflicts = item ? conflictsOfDrink(avoids, item, drink.options) : [];
    return { drink, tumbler, site: site.name, line: choiceLine(p.w, item, drink), conflicts };
  }

  const runs = async (p: Person) => send(p, [runsMessage(await openRuns(ports, p.user, p.w, ctx.config.publicUrl))]);

  const offer = async (p: Person) => {
    const usual = await usualOf(p);
    return send(p, [usualOffer(p.w, usual, randomUUID(), menuUri)]);
  };

  /** Order on the usual's message: one order per button (its nonce is the key), however often tapped. */
  async function orderUsual(p: Person, data: URLSearchParams): Promise<void> {
    const nonce = data.get('n') ?? '';
    if (!NONCE.test(nonce)) return send(p, [notice(p.w, p.w('people.line.refused.stale'), menuUri)]);
    const usual = await usualOf(p);
    const dietConfirmed = confirmedAvoids(usual.conflicts, data.get('avoid') ?? '');
    const body = { ...usual.drink, tumblerImage: usual.tumbler, dietConfirmed };
    const placed = await ports.ordering.place(p.user, body, 'line', `line:usual:${nonce}`).catch((error: unknown) => {
      if (!(error instanceof AppError) || error.code !== 'DIET_CONFIRMATION_NEEDED') throw error;
      // Asked again, with what the drink contains now, under the refusal.
      const again = [notice(p.w, said(p.w, error), menuUri), usualOffer(p.w, usual, randomUUID(), menuUri)];
      return send(p, again).then(() => null);
    });
    if (!placed) return;
    const site = await ports.siteOf(p.user);
    const order: Order = placed.replayed ? await ports.orders.get(p.user, placed.order.id) : placed.order;
    const place = placed.replayed ? null : placed.order.queue_at;
    await send(p, [orderMessage(p.w, order, place, site.timeZone)]);
    if (placed.replayed) return;
    const reference: Reference = { lineUserId: p.lineUserId, told: order.status };
    await ports.chat.saveMessage('line', order.id, p.user.id, reference);
    // A move while it was being sent found no message to follow.
    if ((await ports.orders.get(p.user, order.id)).status !== order.status) await follow(order.id);
  }

  /**
   * The order's message for a move worth one, once per move whichever server processes follow
   * which of the order's events (a reply to the person's own tap, else a push).
   */
  async function follow(orderId: number): Promise<void> {
    const reply = replies.get(orderId) ?? null;
    replies.delete(orderId);
    // Another process told a move between this one's read and its write: read again.
    let done = false;
    while (!done) done = await tellMove(orderId, reply);
  }

  /** Tells the order's move when not told yet; false when another process changed its message first. */
  async function tellMove(orderId: number, reply: Reply | null): Promise<boolean> {
    const row = await ports.chat.messageOf<Reference>(orderId);
    if (row?.channel !== 'line') return true;
    const owner = await ports.users.findActive(row.userId);
    // Unlinked (or linked to another LINE account) since: LINE does nothing more for it.
    if (!owner || (await ports.chat.externalIdOf('line', owner.id)) !== row.reference.lineUserId) return true;
    const order = await ports.orders.get(owner, orderId);
    if (order.status === row.reference.told || !TOLD_MOVES.has(order.status)) return true;
    // Handed over at the counter: the drink is in their hand, a push says nothing new.
    if (order.status === 'picked' && !reply) return true;
    // The one process whose guarded write moves the message on from what it read tells the move.
    if (!(await ports.chat.replaceMessage(orderId, row.stored, { ...row.reference, told: order.status }))) return false;
    const [lang, site] = await Promise.all([ports.language(owner), ports.siteOf(owner)]);
    const to = { lineUserId: row.reference.lineUserId, reply };
    await send(to, [orderMessage(wordsIn(lang), order, null, site.timeZone)]);
    return true;
  }

  async function postback(p: Person, data: URLSearchParams): Promise<void> {
    const action = data.get('action');
    if (action === POSTBACK.coffee) return offer(p);
    if (action === POSTBACK.order) return orderUsual(p, data);
    if (action === POSTBACK.runs) return runs(p);
    const id = idOf(data.get('id'));
    if ((action !== POSTBACK.cancel && action !== POSTBACK.picked) || id === null) {
      return send(p, [notice(p.w, p.w('people.line.refused.stale'), menuUri)]);
    }
    // The move's message (follow, started within the move) takes the tap's reply token: only for the
    // person's own order (a stale or forged button may name someone else's, whose news is theirs).
    if (p.reply && (await ports.chat.messageOf<Reference>(id))?.userId === p.user.id) replies.set(id, p.reply);
    try {
      await ports.orders.ownerUpdate(p.user, id, { status: action === POSTBACK.cancel ? 'cancel' : 'picked' });
    } finally {
      replies.delete(id);
    }
  }

  /** The words that ask for the usual ("coffee", "กาแฟ"): the catalogue's, in every language. */
  const coffeeWords = new Set(
    (['en', 'th'] as const).flatMap((lang) =>
      wordsIn(lang)('people.line.words.coffee')
        .split(',')
        .map((word) => word.trim().toLowerCase()),
    ),
  );

  async function act(event: LineEvent): Promise<void> {
    const now = clock.now().getTime();
    const lineUserId = event.source?.userId ?? '';
    // Groups and rooms are not served: an order's messages are the person's own.
    if (event.source?.type !== 'user' || !LINE_USER_ID.test(lineUserId)) return;
    if (typeof event.timestamp === 'number' && now - event.timestamp > LINE_SEEN_KEEP_MS) return;
    const id = event.webhookEventId ?? '';
    if (!id || !(await ports.chat.firstSeen('line', `event:${id}`, LINE_SEEN_KEEP_MS))) return;
    const text = event.message?.type === 'text' ? (event.message.text ?? '').trim().toLowerCase() : null;
    const data = event.type === 'postback' ? new URLSearchParams((event.postback?.data ?? '').slice(0, 300)) : null;
    if (event.type !== 'follow' && text === null && data === null) return;
    // The reply token's age counts from when LINE sent the event (a late delivery is answered by
    // a push), never from later than this server's now (a clock behind LINE's).
    const sentAt = typeof event.timestamp === 'number' && Number.isFinite(event.timestamp) ? event.timestamp : now;
    const reply = event.replyToken ? { token: event.replyToken, at: Math.min(sentAt, now), used: false } : null;
    const p = await personOf(lineUserId, reply);
    if ('refused' in p) return send({ lineUserId, reply }, [plainText(p.refused)]);
    try {
      if (event.type === 'follow') return await send(p, [notice(p.w, p.w('people.line.greeting'), menuUri)]);
      if (data) return await postback(p, data);
      if (coffeeWords.has(text ?? '')) return await offer(p);
      if (asksForRuns(text ?? '')) return await runs(p);
      return await send(p, [notice(p.w, p.w('people.line.help'), menuUri)]);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      await send(p, [notice(p.w, said(p.w, error), menuUri)]);
    }
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
      let body: LineWebhookBody;
      try {
        body = JSON.parse(rawBody) as LineWebhookBody;
      } catch {
        throw badRequest('The body must be a JSON object.');
      }
      if (!body || typeof body !== 'object' || !Array.isArray(body.events)) {
        throw badRequest('The body must be a JSON object with `events`, as LINE sends it.');
      }
      const events = body.events.filter((e): e is LineEvent => Boolean(e) && typeof e === 'object');
      // LINE's "Verify" sends the same empty body each time: nothing to replay, so not remembered.
      if (events.length === 0) return {};
      const digest = createHmac('sha256', config.channelSecret).update(rawBody).digest('base64');
      if (!(await ports.chat.firstSeen('line', `sig:${digest}`, LINE_SEEN_KEEP_MS))) {
        throw unauthenticated('LINE request refused: it was seen before (a replay).');
      }
      for (const event of events) later(event.type ?? 'event', () => act(event));
      return {};
    },

    /** The work after the answers and the calls to LINE started so far, done (tests; shutdown). */
    async settled(): Promise<void> {
      do {
        await Promise.all(pending);
        await client?.idle();
      } while (pending.size > 0);
    },
  };
}

export type LineService = ReturnType<typeof createLineService>;
