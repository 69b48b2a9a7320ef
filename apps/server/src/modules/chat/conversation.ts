import { randomUUID } from 'node:crypto';
import { conflictsOfDrink, drinkOfOrder, peopleText, type DietTag, type DrinkChoice, type DrinkOf } from '@cafe/shared';
import type { MenuEntry, NotificationLanguage, Order, OrderCreateBody, PeopleText, SlotList } from '@cafe/shared';
import type { AppBase, AuthUser, Services } from '../../context';
import type { ChatChannel } from '../../db/types';
import { asksForRuns, choiceLine, confirmedAvoids, formEntry, openRuns, orderLine } from '../../lib/chat-words';
import { carriedText, refusalText, wordsIn, type Id, type OpenRuns, type Words } from '../../lib/chat-words';
import { AppError, refusal } from '../../lib/errors';
import type { ChatPerson, ChatService } from './chat.service';
import { readForm, type Answers } from './order-form';
import { isRefusal } from './adapter-kit';

/** What the conversation asks of the rest of the app, wired in services.ts. */
export interface ConversationPorts {
  ordering: Pick<Services['ordering'], 'menuFor' | 'place' | 'usual' | 'runs'>;
  orders: Pick<Services['orders'], 'ownerUpdate' | 'get' | 'history' | 'recentTumblerOf'>;
  users: Pick<Services['users'], 'findActive' | 'avoidsOf'>;
  standing: Pick<Services['standing'], 'list'>;
  chat: ChatService;
  /** Their notification language: their chat messages' too. */
  language(user: AuthUser): Promise<NotificationLanguage>;
  /** The person's site: their home site, or the default one (the web's). */
  siteOf(user: AuthUser): ReturnType<Services['sites']['forOrder']>;
  slots(siteId: number): Promise<SlotList>;
}

/** Someone a chat serves: their account there, the person, and their words. */
export interface Speaker {
  channel: ChatChannel;
  externalId: string;
  user: AuthUser;
  lang: NotificationLanguage;
  w: Words;
}

/** The usual as it is offered: its words, its site, its tumbler photo, what of it the person avoids. */
export interface UsualOffer {
  drink: DrinkChoice;
  line: string;
  site: string;
  tumbler: string | null;
  conflicts: DietTag[];
  /** A fresh nonce: the Order button's key, so a second tap places nothing more. */
  nonce: string;
}

/** An order the door placed, as the chats show it: its place in the queue then, its site's clock. */
export interface Shown {
  order: Order;
  place: number | null;
  timeZone: string;
  /** A second tap of the same button: the first order, whose message is there already. */
  replayed: boolean;
}

/** What an order form shows: the items listed, the one chosen, the slots, why not the one asked for. */
export interface Form {
  listed: MenuEntry[];
  entry: MenuEntry;
  slots: SlotList;
  /** Why the drink asked for cannot be ordered (the door's words), or null. */
  note: string | null;
  /** The person avoids something: the form asks them to confirm a drink that has it. */
  ask: boolean;
  nonce: string;
}

/** An order's message to follow: where it is (`reference`, as `stored`), its owner, the order now, their words and clock. */
export interface Following<T> {
  channel: ChatChannel;
  userId: number;
  reference: T;
  stored: string;
  owner: AuthUser;
  order: Order;
  w: Words;
  timeZone: string;
}

/** A past drink offered again, and what of it the person avoids now. */
export interface Again {
  order: Order;
  line: string;
  conflicts: DietTag[];
}

/**
 * What typed words ask for, by the catalogue's words in every language: "coffee" (the usual, or the
 * form without one), "coffee <words of a drink>" (the form on it), "usual", "runs"; else help.
 */
export type Asked =
  { step: 'coffee' } | { step: 'usual' } | { step: 'menu'; words: string } | { step: 'runs' } | { step: 'help' };

/** The words of each trigger, in every language (lower case). */
function triggerWords(id: Id): Set<string> {
  const words = (['en', 'th'] as const).flatMap((lang) => wordsIn(lang)(id).split(','));
  return new Set(words.map((word) => word.trim().toLowerCase()).filter(Boolean));
}

/**
 * What a chat says where a refusal carries no words of its own, and for a stale button and no usual
 * yet: the plain words (LINE's, which name no markup), or the channel's where its way on differs
 * (Slack's `/coffee` and Home tab, Teams's **coffee**).
 */
const PLAIN = {
  NOT_FOUND: 'people.line.refused.gone',
  IDEMPOTENCY_KEY_REUSED: 'people.line.refused.used',
  IDEMPOTENCY_KEY_IN_USE: 'people.line.refused.used',
  VALIDATION: 'people.line.refused.invalid',
  stale: 'people.line.refused.stale',
  noUsual: 'people.line.usual.none',
} as const satisfies Record<string, Id>;
type Said = keyof typeof PLAIN;
const CHANNEL_WORDS: Partial<Record<ChatChannel, Partial<Record<Said, Id>>>> = {
  slack: {
    NOT_FOUND: 'people.chat.refused.gone',
    IDEMPOTENCY_KEY_REUSED: 'people.chat.refused.used',
    IDEMPOTENCY_KEY_IN_USE: 'people.chat.refused.used',
    VALIDATION: 'people.chat.refused.invalid',
    stale: 'people.chat.refused.stale',
    noUsual: 'people.chat.usual.none',
  },
  teams: {
    NOT_FOUND: 'people.teams.refused.gone',
    IDEMPOTENCY_KEY_REUSED: 'people.teams.refused.used',
    IDEMPOTENCY_KEY_IN_USE: 'people.teams.refused.used',
    VALIDATION: 'people.teams.refused.invalid',
    stale: 'people.teams.refused.stale',
    noUsual: 'people.teams.usual.none',
  },
};
const wordsOf = (channel: ChatChannel, what: Said): Id => CHANNEL_WORDS[channel]?.[what] ?? PLAIN[what];
const isSaid = (code: string): code is Said => code in PLAIN;

/**
 * One conversation for every chat (decision 0107): each step a person takes in a chat, written once
 * and asking the ordering door (`menuFor`, `place`, the usual, the runs door) and the owner's moves.
 * A step answers with what is to be shown (an offer, a form, an order, the runs) or throws the
 * door's refusal (`said` words it); the adapters (`modules/<channel>/`) verify the platform's
 * request, map it to a step, render the answer in their format and send it.
 */
export function createConversation(ctx: AppBase, ports: ConversationPorts) {
  const coffee = triggerWords('people.chat.words.coffee');
  const usualWords = triggerWords('people.chat.words.usual');

  /** A site's menu as the person may order there (the door's), and what of a drink they avoid. */
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

  /** Placed by the door (`<channel>:<kind>:<nonce>` its key) and shown with its site's clock. */
  async function place(p: Speaker, body: OrderCreateBody, key: string): Promise<Shown> {
    const placed = await ports.ordering.place(p.user, body, p.channel, key.slice(0, 255));
    const site = await ports.siteOf(p.user);
    if (!placed.replayed)
      return { order: placed.order, place: placed.order.queue_at, timeZone: site.timeZone, replayed: false };
    return {
      order: await ports.orders.get(p.user, placed.order.id),
      place: null,
      timeZone: site.timeZone,
      replayed: true,
    };
  }

  async function usualOrNull(p: Speaker): Promise<UsualOffer | null> {
    const drink = await ports.ordering.usual.usualOf(p.user.id);
    if (!drink) return null;
    const [site, menu, tumbler] = await Promise.all([
      ports.siteOf(p.user),
      menuOf(p.user),
      ports.orders.recentTumblerOf(p.user.id),
    ]);
    const line = choiceLine(p.w, menu.itemOf(drink), drink);
    return { drink, line, site: site.name, tumbler, conflicts: menu.conflictsOf(drink), nonce: randomUUID() };
  }

  /** The usual offered with the tumbler photo to make it in (refused without one). */
  function withTumbler(offer: UsualOffer): UsualOffer & { tumbler: string } {
    if (!offer.tumbler) throw refusal(400, 'VALIDATION', peopleText('people.chat.usual.noTumbler'));
    return { ...offer, tumbler: offer.tumbler };
  }

  /** The usual, ready to order: a usual and a tumbler photo to make it in (refused otherwise). */
  async function usual(p: Speaker): Promise<UsualOffer & { tumbler: string }> {
    const offer = await usualOrNull(p);
    if (!offer) throw refusal(404, 'NOT_FOUND', peopleText(wordsOf(p.channel, 'noUsual')));
    return withTumbler(offer);
  }

  /** The person of an account linked already, in their words. */
  async function speaker(channel: ChatChannel, externalId: string, user: AuthUser): Promise<Speaker> {
    const lang = await ports.language(user);
    return { channel, externalId, user, lang, w: wordsIn(lang) };
  }

  /**
   * The order form at the person's site on the item `pick` names, else on the first listed, with
   * why not that one; null when nothing can be ordered (`note` says why).
   */
  async function form(p: Speaker, pick: (entry: MenuEntry) => boolean): Promise<Form | { none: string }> {
    const site = await ports.siteOf(p.user);
    const [menu, slots] = await Promise.all([menuOf(p.user, site.id), ports.slots(site.id)]);
    const { listed, entry, why } = formEntry(menu.entries, slots, pick);
    const note = why ? p.w(why) : null;
    if (!entry) return { none: note ?? p.w('people.chat.modal.noItems') };
    return { listed, entry, slots, note, ask: menu.avoids.length > 0, nonce: randomUUID() };
  }

  /**
   * An order's message to follow its move, on this channel: where it is, the order as it is now,
   * its owner's words and site clock; null when it has no message here or its owner is gone.
   */
  async function following<T>(channel: ChatChannel, orderId: number): Promise<Following<T> | null> {
    const row = await ports.chat.messageOf<T>(orderId);
    if (row?.channel !== channel) return null;
    const owner = await ports.users.findActive(row.userId);
    if (!owner) return null;
    const [order, lang, site] = await Promise.all([
      ports.orders.get(owner, orderId),
      ports.language(owner),
      ports.siteOf(owner),
    ]);
    return { ...row, owner, order, w: wordsIn(lang), timeZone: site.timeZone };
  }

  return {
    /**
     * The person a platform's account acts as, in their words; else what they are told, in the
     * language the platform says they read (`lang`), as words.
     */
    async person(
      channel: ChatChannel,
      who: ChatPerson,
      lang: NotificationLanguage = 'en',
    ): Promise<Speaker | { refused: string; text: PeopleText }> {
      const user = await ports.chat.actor(channel, who);
      if ('refused' in user) return { refused: wordsIn(lang)(user.refused), text: user.refused };
      return speaker(channel, who.externalId, user);
    },

    /** The person of an account linked already (a Home tab to publish, an order's message to follow). */
    speaker,

    /** What typed words ask: "coffee [words of a drink]", "usual", "runs" (or their Thai), else help. */
    asked(text: string): Asked {
      const said = text.trim().toLowerCase().replace(/\s+/g, ' ');
      if (asksForRuns(said)) return { step: 'runs' };
      if (usualWords.has(said)) return { step: 'usual' };
      if (coffee.has(said)) return { step: 'coffee' };
      const [first = '', ...rest] = said.split(' ');
      if (coffee.has(first)) return { step: 'menu', words: rest.join(' ') };
      return { step: 'help' };
    },

    /** The usual offered, with a nonce for its Order button (refused with no usual or no tumbler). */
    usual,
    /** "coffee": the usual offered; with no usual yet, the order form. */
    async coffee(p: Speaker): Promise<{ usual: UsualOffer } | { form: Form | { none: string } }> {
      const offer = await usualOrNull(p);
      if (!offer) return { form: await form(p, () => false) };
      return { usual: withTumbler(offer) };
    },
    /** The usual, or null when the person has none (a Home tab shows none). */
    usualOrNull,

    /**
     * Order the usual from its offer (`nonce` the button's, `shown` what it said the drink contains
     * that the person avoids): the order, or, when the drink now has something not confirmed, the
     * offer again with the refusal's words.
     */
    async orderUsual(p: Speaker, nonce: string, shown: string): Promise<Shown | { again: UsualOffer; said: string }> {
      const offer = await usual(p);
      const body = {
        ...offer.drink,
        tumblerImage: offer.tumbler,
        dietConfirmed: confirmedAvoids(offer.conflicts, shown),
      };
      try {
        return await place(p, body, `${p.channel}:usual:${nonce}`);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'DIET_CONFIRMATION_NEEDED') throw error;
        return { again: offer, said: said(p, error) };
      }
    },

    form,

    /**
     * A form's drink ordered from its answers (order-form.ts), with the person's site and tumbler
     * photo: refused when they have no tumbler photo yet; else what to fix, in which question.
     */
    async orderFrom(p: Speaker, given: Answers, key: string): Promise<Shown | { fix: string; field: string }> {
      const [site, tumbler] = await Promise.all([ports.siteOf(p.user), ports.orders.recentTumblerOf(p.user.id)]);
      if (!tumbler) return { fix: p.w('people.chat.modal.noTumbler'), field: 'item' };
      const read = readForm(p.w, given, { siteId: site.id, tumblerImage: tumbler });
      if ('fix' in read) return read;
      return place(p, read.body, `${p.channel}:${key}`);
    },

    /** Order again: the last three different drinks the person ordered online with their tumbler. */
    async again(p: Speaker): Promise<Again[]> {
      const [past, menu] = await Promise.all([ports.orders.history(p.user.id, {}), menuOf(p.user)]);
      const seen = new Set<string>();
      return past
        .filter((o) => o.menu.category.categoryFor === 'cafe' && !o.walkUp && o.tumblerImage !== '')
        .filter((o) => !seen.has(orderLine(p.w, o)) && Boolean(seen.add(orderLine(p.w, o))))
        .slice(0, 3)
        .map((order) => ({ order, line: orderLine(p.w, order), conflicts: menu.conflictsOf(drinkOfOrder(order)) }));
    },

    /** A past order's drink ordered again at its site, into the person's newest tumbler photo. */
    async orderAgain(p: Speaker, pastId: number, nonce: string, shown: string): Promise<Shown> {
      const past = await ports.orders.get(p.user, pastId);
      const drink = drinkOfOrder(past);
      const [tumbler, menu] = await Promise.all([
        ports.orders.recentTumblerOf(p.user.id),
        menuOf(p.user, past.site.id),
      ]);
      const dietConfirmed = confirmedAvoids(menu.conflictsOf(drink), shown);
      const body = { ...drink, tumblerImage: tumbler ?? past.tumblerImage, siteId: past.site.id, dietConfirmed };
      return place(p, body, `${p.channel}:again:${pastId}:${nonce}`);
    },

    /** The person's standing orders, each with its drink's words (null: their usual). */
    async standing(p: Speaker) {
      const [list, menu] = await Promise.all([ports.standing.list(p.user.id), menuOf(p.user)]);
      return list.map((s) => ({ ...s, line: s.drink && choiceLine(p.w, menu.itemOf(s.drink), s.drink) }));
    },

    /** The open coffee runs at the person's site. */
    runs: (p: Speaker): Promise<OpenRuns> => openRuns(ports, p.user, p.w, ctx.config.publicUrl),

    /** The owner's move of their order from its message: cancel while it waits, picked up when ready. */
    async move(p: Speaker, orderId: number, status: 'cancel' | 'picked'): Promise<void> {
      await ports.orders.ownerUpdate(p.user, orderId, { status });
    },

    /** The words a stale (or forged) button is answered with. */
    stale: (p: Speaker) => p.w(wordsOf(p.channel, 'stale')),
    said,
    /** A refusal of the door, said by `then` in the person's words; anything else thrown on (a `.catch`). */
    refusedThen:
      <T>(p: Pick<Speaker, 'channel' | 'w'>, then: (said: string) => T) =>
      (error: unknown): T => {
        if (!isRefusal(error)) throw error;
        return then(said(p, error));
      },

    /** Where an order's message is kept; true when the order moved while it was being sent (follow it). */
    async shown(p: Speaker, order: Order, reference: unknown): Promise<boolean> {
      await ports.chat.saveMessage(p.channel, order.id, p.user.id, reference);
      return (await ports.orders.get(p.user, order.id)).status !== order.status;
    },

    following,

    /**
     * The move of an order its message on `channel` does not show yet (`told`, in its reference),
     * claimed once across server processes: the one whose guarded write moves `told` on tells it.
     * Null when there is nothing to tell, or `worth` says the move is not worth telling.
     */
    async claimMove<T extends { told: string }>(
      channel: ChatChannel,
      orderId: number,
      worth: (f: Following<T>) => boolean | Promise<boolean> = () => true,
    ): Promise<Following<T> | null> {
      for (;;) {
        const f = await following<T>(channel, orderId);
        if (!f || f.reference.told === f.order.status || !(await worth(f))) return null;
        if ((await ports.chat.replaceMessage(orderId, f.stored, { ...f.reference, told: f.order.status })) !== null)
          return f;
      }
    },
  };

  /** A refusal in the person's words: the door's own, else the channel's for what was asked. */
  function said(p: Pick<Speaker, 'channel' | 'w'>, error: AppError): string {
    if (carriedText(error) || !isSaid(error.code)) return refusalText(p.w, error);
    return p.w(wordsOf(p.channel, error.code));
  }
}

export type Conversation = ReturnType<typeof createConversation>;
