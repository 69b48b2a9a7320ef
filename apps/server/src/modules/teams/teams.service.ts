import { createHash, randomUUID } from 'node:crypto';
import { conflictsOfDrink, type DrinkOf, type MenuEntry, type OrderCreateBody, type PlacedOrder } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { choiceLine, confirmedAvoids, entryForWords, formEntry, refusalText, wordsIn } from '../../lib/chat-words';
import { asksForRuns, openRuns } from '../../lib/chat-words';
import type { Id, Words } from '../../lib/chat-words';
import { AppError, notFound } from '../../lib/errors';
import { createTeamsAuth } from '../../lib/teams-auth';
import { createTeamsConnector, type Conversation } from '../../lib/teams-connector';
import { CARD_ACTIONS, attachment, cardWords, notice, orderCard, orderForm, readOrder } from './teams.cards';
import { runsCard, usualCard } from './teams.cards';
import type { Card, Submitted } from './teams.cards';
import type { TeamsPorts } from './teams.ports';

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
type Person = { user: AuthUser; w: Words; at: Conversation; cardId: string | null };

/** A retried activity (the same id) is ignored this long. */
const SEEN_KEEP_MS = 24 * 3600_000;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Refusals that carry no catalogue words, told in Teams's words (chat-words' name Slack's commands). */
const BY_CODE: Partial<Record<string, Id>> = {
  NOT_FOUND: 'people.teams.refused.gone',
  IDEMPOTENCY_KEY_REUSED: 'people.teams.refused.used',
  IDEMPOTENCY_KEY_IN_USE: 'people.teams.refused.used',
  VALIDATION: 'people.teams.refused.invalid',
};
const told = (w: Words, error: AppError) => {
  const id = error.text ? undefined : BY_CODE[error.code];
  return id ? w(id) : refusalText(w, error);
};
/** The door's refusals (4xx); anything else is no answer for the person. */
const refused = (error: unknown): error is AppError => error instanceof AppError && error.statusCode < 500;

/**
 * The Microsoft Teams bot (docs/teams.md, decision 0091): transport only. Every activity is verified
 * (the Bot Framework's JWT) and answered at once; what it asks is mapped to the ordering door
 * (`menuFor`, `place`, the usual) and the owner's moves, and answered with Adaptive Cards in the
 * person's words. The Bot Connector calls follow in the background (`settled` waits for them).
 */
export function createTeamsService(ctx: AppBase, ports: TeamsPorts) {
  const { log } = ctx;
  const config = ctx.config.teams;
  const auth = config && createTeamsAuth(config, () => ctx.clock.now());
  const connector = auth && createTeamsConnector(auth);
  const pending = new Set<Promise<void>>();
  const bot = () => {
    if (!connector) throw notFound('The Teams bot');
    return connector;
  };

  function later(what: string, work: () => Promise<unknown>): void {
    const failed = (error: unknown) => {
      log.warn({ err: error, what }, 'a Teams call after the answer failed');
      const message = error instanceof Error ? error.message : String(error);
      return ports.chat.deliveryFailed('teams', `${what}: ${message}`.slice(0, 500)).catch(() => undefined);
    };
    const run = work()
      .then(() => undefined, failed)
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  /** The card a submit came from is replaced; without one (a typed message) a new card is sent. */
  async function show(p: Pick<Person, 'at' | 'cardId'>, card: Card): Promise<string> {
    if (!p.cardId) return bot().send(p.at, attachment(card));
    await bot().update(p.at, p.cardId, async () => attachment(card));
    return p.cardId;
  }

  /** The e-mail Entra ID verified of a member (the Bot Connector's members API), or null. */
  async function verifiedEmailOf(at: Conversation, memberId: string): Promise<string | null> {
    const member = await bot()
      .member(at, memberId)
      .catch(() => null);
    const email = member?.email ?? member?.userPrincipalName;
    return email?.includes('@') ? email : null;
  }

  /** The words of someone not known (yet): the activity's locale. */
  const localeWords = (activity: TeamsActivity) =>
    cardWords(str(activity.locale).toLowerCase().startsWith('th') ? 'th' : 'en');

  async function personOf(activity: TeamsActivity, at: Conversation): Promise<Person | null> {
    const externalId = str(activity.from?.aadObjectId) || str(activity.from?.id);
    if (!externalId) return null;
    const verifiedEmail = await verifiedEmailOf(at, externalId);
    const user = await ports.chat.actor('teams', { externalId, name: str(activity.from?.name), verifiedEmail });
    const cardId = str(activity.replyToId) || null;
    if ('refused' in user) {
      await show({ at, cardId }, cardOfText(localeWords(activity)(user.refused)));
      return null;
    }
    // A card's words: what a sentence names (a drink, a site, a note) is text, never markdown.
    return { user, w: cardWords(await ports.language(user)), at, cardId };
  }
  const cardOfText = (words: string): Card => notice(words).attachments[0]?.content ?? {};

  async function menuOf(user: AuthUser, siteId?: number) {
    const [entries, avoids] = await Promise.all([
      ports.ordering.menuFor(user, 'cafe', siteId),
      ports.users.avoidsOf(user.id),
    ]);
    const itemOf = (drink: DrinkOf) => entries.find((e) => e.item.id === drink.menu_id)?.item;
    const conflictsOf = (drink: DrinkOf) => {
      const item = itemOf(drink);
      return item ? conflictsOfDrink(avoids, item, drink.options) : [];
    };
    return { entries, avoids, itemOf, conflictsOf };
  }

  /** The order form on the item `pick` names, else on the first listed, saying why not that one. */
  async function form(p: Person, pick: (e: MenuEntry) => boolean, note: string | null, given?: Submitted) {
    const site = await ports.siteOf(p.user);
    const [menu, slots] = await Promise.all([menuOf(p.user, site.id), ports.slots(site.id)]);
    const { listed, entry, why } = formEntry(menu.entries, slots, pick);
    const said = note ?? (why ? p.w(why) : null);
    if (!entry) return show(p, cardOfText(said ?? p.w('people.chat.modal.noItems')));
    const ask = menu.avoids.length > 0;
    return show(p, orderForm(p.w, { listed, entry, slots, note: said, ask, nonce: randomUUID() }, given));
  }

  async function usualOf(p: Person) {
    const drink = await ports.ordering.usual.usualOf(p.user.id);
    if (!drink) return null;
    const [site, menu, tumbler] = await Promise.all([
      ports.siteOf(p.user),
      menuOf(p.user),
      ports.orders.recentTumblerOf(p.user.id),
    ]);
    const line = choiceLine(p.w, menu.itemOf(drink), drink);
    return { drink, line, site: site.name, tumbler, conflicts: menu.conflictsOf(drink) };
  }

  /** The door places it; the card it came from becomes the order's card, kept in step. */
  async function place(p: Person, body: OrderCreateBody, key: string): Promise<void> {
    const placed = await ports.ordering.place(p.user, body, 'teams', key.slice(0, 255));
    if (placed.replayed) return;
    await showOrder(p, placed.order);
  }

  async function showOrder(p: Person, order: PlacedOrder): Promise<void> {
    const site = await ports.siteOf(p.user);
    const activityId = await show(p, orderCard(p.w, order, order.queue_at, site.timeZone));
    await ports.chat.saveMessage('teams', order.id, p.user.id, { ...p.at, activityId } satisfies CardAt);
    // A move while the card was being shown found no card to follow.
    if ((await ports.orders.get(p.user, order.id)).status !== order.status) await follow(order.id);
  }

  async function follow(orderId: number, note: string | null = null): Promise<void> {
    const saved = await ports.chat.messageOf<CardAt>(orderId);
    if (saved?.channel !== 'teams') return;
    const { activityId, ...at } = saved.reference;
    const render = async () => {
      const owner = await ports.users.findActive(saved.userId);
      if (!owner) return null;
      const order = ports.orders.get(owner, orderId);
      const [lang, site] = await Promise.all([ports.language(owner), ports.siteOf(owner)]);
      return attachment(orderCard(cardWords(lang), await order, null, site.timeZone, note));
    };
    await bot().update(at, activityId, render, note ? undefined : `order:${orderId}`);
  }

  async function submitted(p: Person, value: Submitted): Promise<unknown> {
    const nonce = str(value.nonce).slice(0, 100);
    switch (value.cafe) {
      case CARD_ACTIONS.form:
      case CARD_ACTIONS.order: {
        const item = Number(value.item);
        // Another drink chosen: its own form (its options), nothing ordered yet.
        if (value.cafe === CARD_ACTIONS.form || str(value.item) !== str(value.form))
          return form(p, (e) => e.item.id === item, null);
        const [site, tumbler] = await Promise.all([ports.siteOf(p.user), ports.orders.recentTumblerOf(p.user.id)]);
        const again = (note: string) => form(p, (e) => e.item.id === item, note, value);
        if (!tumbler) return again(p.w('people.chat.modal.noTumbler'));
        const read = readOrder(p.w, value, { siteId: site.id, tumblerImage: tumbler });
        if ('fix' in read) return again(read.fix);
        return place(p, read.body, `teams:form:${nonce}`).catch((error: unknown) => {
          if (!refused(error)) throw error;
          return again(told(p.w, error));
        });
      }
      case CARD_ACTIONS.usual: {
        const usual = await usualOf(p);
        if (!usual) return show(p, cardOfText(p.w('people.teams.usual.none')));
        if (!usual.tumbler) return show(p, cardOfText(p.w('people.chat.usual.noTumbler')));
        const dietConfirmed = confirmedAvoids(usual.conflicts, str(value.shown));
        const body = { ...usual.drink, tumblerImage: usual.tumbler, dietConfirmed };
        return place(p, body, `teams:usual:${nonce}`).catch((error: unknown) => {
          if (!refused(error)) throw error;
          // Asked again with what the drink contains now, the refusal on top.
          return show(p, usualCard(p.w, usual, randomUUID(), told(p.w, error)));
        });
      }
      case CARD_ACTIONS.cancel:
      case CARD_ACTIONS.picked: {
        const id = Number(value.order);
        if (!Number.isInteger(id) || id < 1 || id > 999_999_999)
          return show(p, cardOfText(p.w('people.teams.refused.stale')));
        return ports.orders.ownerUpdate(p.user, id, { status: value.cafe }).catch(async (error: unknown) => {
          if (!refused(error)) throw error;
          // Said to the sender only: on their own order's card in this chat, else in a card of its
          // own here (a stale or forged card may name someone else's order: theirs is not touched).
          const card = await ports.chat.messageOf<CardAt>(id);
          const own = card?.channel === 'teams' && card.userId === p.user.id;
          if (own && card.reference.conversationId === p.at.conversationId) return follow(id, told(p.w, error));
          await bot().send(p.at, notice(told(p.w, error)));
        });
      }
      default:
        return show(p, cardOfText(p.w('people.teams.refused.stale')));
    }
  }

  /** A typed message: "coffee [words of a drink]" (or its Thai), "usual", "runs", else what the bot understands. */
  async function typed(p: Person, said: string): Promise<unknown> {
    if (asksForRuns(said)) return show(p, runsCard(await openRuns(ports, p.user, p.w, ctx.config.publicUrl)));
    const [first = '', ...rest] = said.toLowerCase().split(/\s+/).filter(Boolean);
    const is = (id: Id) => (['en', 'th'] as const).some((lang) => wordsIn(lang)(id).toLowerCase() === first);
    if (is('people.teams.trigger.coffee'))
      return form(p, rest.length ? entryForWords(rest.join(' ')) : () => false, null);
    if (!is('people.teams.trigger.usual')) return show(p, cardOfText(p.w('people.teams.help')));
    const usual = await usualOf(p);
    if (!usual) return show(p, cardOfText(p.w('people.teams.usual.none')));
    return show(p, usualCard(p.w, usual, randomUUID()));
  }

  async function handle(activity: TeamsActivity): Promise<void> {
    if (activity.type !== 'message') return;
    const at = { serviceUrl: str(activity.serviceUrl), conversationId: str(activity.conversation?.id) };
    if (!at.conversationId) return;
    // Personal scope only (decision 0091): a group chat or a channel is told so, in the activity's
    // locale, and nothing else is done (no member look-up, no link, no order, no card updated).
    const { conversationType, isGroup } = activity.conversation ?? {};
    if (conversationType !== 'personal' || isGroup === true) {
      await bot().send(at, notice(localeWords(activity)('people.teams.scope.personalOnly')));
      return;
    }
    const p = await personOf(activity, at);
    if (!p) return;
    try {
      const value = activity.value;
      if (value && typeof value === 'object' && !Array.isArray(value)) await submitted(p, value as Submitted);
      // Teams sends what was typed as HTML in places (a mention): its words only.
      else
        await typed(
          p,
          str(activity.text)
            .replace(/<[^>]*>/g, ' ')
            .trim()
            .slice(0, 200),
        );
    } catch (error) {
      if (!refused(error)) throw error;
      await show(p, cardOfText(told(p.w, error)));
    }
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
    async settled(): Promise<void> {
      do {
        await Promise.all(pending);
        await connector?.idle();
      } while (pending.size > 0);
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
