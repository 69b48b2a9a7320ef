import { randomUUID } from 'node:crypto';
import { conflictsOfDrink, drinkOfOrder, isTimeRefusal, peopleText, type DrinkOf, type MenuEntry } from '@cafe/shared';
import type { OrderCreateBody, PlacedOrder, QueuedOrder, StandingOrderPatchBody } from '@cafe/shared';
import type { WebClient } from '@slack/web-api';
import type { AppBase, AuthUser } from '../../context';
import { AppError, badRequest, refusal } from '../../lib/errors';
import type { SlackMethod } from '../../lib/slack-client';
import { ACTIONS, ORDER_VIEW, STANDING_VIEW, choiceLine, homeView, notice } from './slack.blocks';
import { orderLine, orderMessage, refusalText, runsMessage, section, slackText } from './slack.blocks';
import { usualConfirmation, wordsIn } from './slack.blocks';
import type { Block, SlackMessage, Words } from './slack.blocks';
import { asksForRuns, formEntry, openRuns } from '../../lib/chat-words';
import { entryForWords, orderModal, readOrder, readStanding, standingModal } from './slack.modals';
import type { Answers } from './slack.modals';
import { createSlackLinking } from './slack.linking';
import type { SlackPorts } from './slack.ports';
import { findOrderMessage, saveOrderMessage } from './slack.repository';
import { createSlackVerify } from './slack.verify';

/** What the app reads of a slash command, an interaction and an Events API request. */
export type SlackCommand = { team_id?: string; user_id?: string; text?: string; trigger_id?: string };
export interface SlackInteraction {
  type?: string;
  team?: { id?: string } | null;
  user?: { id?: string; team_id?: string };
  trigger_id?: string;
  actions?: { action_id?: string; value?: string; selected_option?: { value?: string } }[];
  view?: { id?: string; callback_id?: string; state?: { values?: Answers } };
}
export interface SlackEventBody {
  type?: string;
  team_id?: string;
  challenge?: string;
  event?: { type?: string; user?: string; tab?: string };
}
type Person = { slackUserId: string; user: AuthUser; w: Words };

/** A Slack user id (U..., or W... in an Enterprise Grid). */
const SLACK_USER_ID = /^[UW][A-Z0-9]{2,30}$/;
/** An id a button carries: a positive integer a database column holds (anything else never reaches it). */
const idOf = (value: string | undefined): number | null => (/^[1-9]\d{0,8}$/.test(value ?? '') ? Number(value) : null);
/** Confirmed when all the drink contains now that the person avoids is what the button showed ("nonce|milk,eggs"). */
const confirmed = (now: readonly string[], value: string) =>
  now.length > 0 && now.every((tag) => (value.split('|')[1] ?? '').split(',').includes(tag));
const errors = (errors: Record<string, string>) => ({ response_action: 'errors', errors });
/** The owner's moves that the buttons of an order's message and of a standing order make. */
const ORDER_MOVES = new Map<string, 'cancel' | 'picked'>([
  [ACTIONS.cancel, 'cancel'],
  [ACTIONS.pickUp, 'picked'],
]);
const STANDING_MOVES = new Map<string, StandingOrderPatchBody>([
  [ACTIONS.standingSkip, { skipNext: true }],
  [ACTIONS.standingPause, { paused: true }],
  [ACTIONS.standingResume, { paused: false }],
]);

/**
 * The Slack app (docs/slack.md, decision 0071): transport only. Every request is verified and
 * answered at once, mapped to the ordering door (`menuFor`, `place`, the usual), the owners' moves
 * and the standing service, and answered in the person's words. The Web API calls follow in the
 * background (`settled` waits for them: tests, shutdown).
 */
export function createSlackService(ctx: AppBase, ports: SlackPorts) {
  const { db, log } = ctx;
  const config = ctx.config.slackApp;
  const linking = createSlackLinking(ctx, ports);
  const pending = new Set<Promise<void>>();
  const client = () => {
    // The app's configuration needs the bot token, which gives the server its one Slack client.
    if (!ports.client) throw new Error('The Slack app needs the Slack client of SLACK_BOT_TOKEN');
    return ports.client;
  };
  const { teamId, verify } = createSlackVerify(ctx, () => client().web);

  /**
   * A call through the server's one paced client. An order's message and an App Home are rendered
   * when their call runs (null: nothing to send), once however often they were asked for meanwhile
   * (`key`), so that Slack shows them as they are then.
   */
  function call(method: SlackMethod, args: Block | (() => Promise<Block | null>), options?: { key: string }) {
    const send = async (web: WebClient) => {
      const rendered = typeof args === 'function' ? await args() : args;
      return rendered && web.apiCall(method, rendered);
    };
    return client().call(method, send, options);
  }

  /** Work after the answer: Slack wants one within 3 s, the Web API calls need not be in it. */
  function later(what: string, work: () => Promise<unknown>): void {
    const warn = (error: unknown) => log.warn({ err: error, what }, 'a Slack call after the answer failed');
    const run = work()
      .then(() => undefined, warn)
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  async function personOf(slackUserId: string): Promise<Person | { refused: string }> {
    if (!SLACK_USER_ID.test(slackUserId)) throw badRequest('user_id: must be a Slack user id');
    const user = await linking.actor(await teamId(), slackUserId);
    if (typeof user === 'string') return { refused: user };
    return { slackUserId, user, w: wordsIn(await ports.language(user)) };
  }

  /** A message to the person's DM with the app; its channel and ts, to update it. */
  async function post(slackUserId: string, message: SlackMessage): Promise<{ channel: string; ts: string }> {
    const post = (web: WebClient) =>
      web.chat.postMessage({ channel: slackUserId, ...message, blocks: message.blocks as never });
    const { channel, ts } = await client().call('chat.postMessage', post, { lane: slackUserId });
    if (typeof channel !== 'string' || typeof ts !== 'string') throw new Error('chat.postMessage: no channel or ts');
    return { channel, ts };
  }
  /** A sentence to the person (a refusal may name a drink or a site: text, never markup). */
  const tell = (p: Person, text: string) => post(p.slackUserId, notice(slackText(text)));

  /** A site's menu as the person may order there (the door's), and what of a drink they avoid. */
  async function menuOf(user: AuthUser, siteId?: number) {
    const menu = ports.ordering.menuFor(user, 'cafe', siteId);
    const [entries, avoids] = await Promise.all([menu, ports.users.avoidsOf(user.id)]);
    const itemOf = (drink: DrinkOf) => entries.find((e) => e.item.id === drink.menu_id)?.item;
    const conflictsOf = (drink: DrinkOf) => {
      const item = itemOf(drink);
      return item ? conflictsOfDrink(avoids, item, drink.options) : [];
    };
    return { entries, avoids, itemOf, conflictsOf };
  }

  /** The person's usual as it will be made at their site (the item's default choices when it names none). */
  async function usualOf(user: AuthUser, w: Words, known?: Awaited<ReturnType<typeof menuOf>>) {
    const drink = await ports.ordering.usual.usualOf(user.id);
    if (!drink) return null;
    const tumbler = ports.orders.recentTumblerOf(user.id);
    const [site, menu] = await Promise.all([ports.siteOf(user), known ?? menuOf(user)]);
    const line = choiceLine(w, menu.itemOf(drink), drink);
    return { drink, line, site: site.name, tumbler: await tumbler, conflicts: menu.conflictsOf(drink) };
  }

  async function usualToOrder(p: Person) {
    const usual = await usualOf(p.user, p.w);
    if (!usual) throw refusal(404, 'NOT_FOUND', peopleText('people.chat.usual.none'));
    if (!usual.tumbler) throw refusal(400, 'VALIDATION', peopleText('people.chat.usual.noTumbler'));
    return { ...usual, tumbler: usual.tumbler };
  }

  /** A second tap answers the first order again: its message is there already. */
  async function place(p: Person, body: OrderCreateBody, key: string): Promise<void> {
    const placed = await ports.ordering.place(p.user, body, 'slack', key.slice(0, 255));
    if (!placed.replayed) later('chat.postMessage', () => postOrder(p, placed.order));
  }

  async function postOrder({ slackUserId, user, w }: Person, order: PlacedOrder): Promise<void> {
    const site = await ports.siteOf(user);
    const posted = await post(slackUserId, orderMessage(w, order, order.queue_at, site.timeZone));
    await saveOrderMessage(db, { order_id: order.id, user_id: user.id, site_id: order.site.id, ...posted });
    // A move while it was being posted found no message to follow.
    if ((await ports.orders.get(user, order.id)).status !== order.status) await follow(order.id);
    publishHome(slackUserId, user.id);
  }

  async function follow(orderId: number): Promise<void> {
    const row = await findOrderMessage(db, orderId);
    if (!row) return;
    const render = async () => {
      const owner = await ports.users.findActive(row.user_id);
      if (!owner) return null;
      const order = ports.orders.get(owner, orderId);
      const [lang, site] = await Promise.all([ports.language(owner), ports.siteOf(owner)]);
      return { channel: row.channel, ts: row.ts, ...orderMessage(wordsIn(lang), await order, null, site.timeZone) };
    };
    later('chat.update', () => call('chat.update', render, { key: `order:${orderId}` }));
    const slackUserId = await linking.slackUserOf(row.user_id);
    if (slackUserId) publishHome(slackUserId, row.user_id);
  }

  function publishHome(slackUserId: string, userId: number): void {
    const render = async () => {
      const user = await ports.users.findActive(userId);
      if (!user) return null;
      const w = wordsIn(await ports.language(user));
      const queue = ports.orders.myQueueAnswer(user).then((answer) => JSON.parse(answer.json) as QueuedOrder[]);
      const [past, standing, menu, runs] = await Promise.all([
        ports.orders.history(userId, {}),
        ports.standing.list(userId),
        menuOf(user),
        openRuns(ports, user, w, ctx.config.publicUrl),
      ]);
      // Order again: the last three different drinks the person ordered online with their tumbler.
      const seen = new Set<string>();
      const again = past
        .filter((o) => o.menu.category.categoryFor === 'cafe' && !o.walkUp && o.tumblerImage !== '')
        .filter((o) => !seen.has(orderLine(w, o)) && Boolean(seen.add(orderLine(w, o))))
        .slice(0, 3);
      const view = homeView(w, {
        usual: await usualOf(user, w, menu),
        today: await queue,
        standing: standing.map((s) => ({ ...s, line: s.drink && choiceLine(w, menu.itemOf(s.drink), s.drink) })),
        again: again.map((order) => ({ order, conflicts: menu.conflictsOf(drinkOfOrder(order)) })),
        runs,
        nonce: randomUUID(),
      });
      return { user_id: slackUserId, view };
    };
    later('views.publish', () => call('views.publish', render, { key: slackUserId }));
  }

  /** The order modal on the item `pick` names, else on the first listed, saying why not that one. */
  async function openOrderModal(
    p: Person,
    to: { trigger_id: string } | { view_id: string },
    pick: (e: MenuEntry) => boolean,
  ) {
    const site = await ports.siteOf(p.user);
    const [menu, slots] = await Promise.all([menuOf(p.user, site.id), ports.slots(site.id)]);
    const { listed, entry, why } = formEntry(menu.entries, slots, pick);
    const note = why ? p.w(why) : null;
    const opening = 'trigger_id' in to;
    if (!entry) return opening && tell(p, note ?? p.w('people.chat.modal.noItems'));
    const view = orderModal(p.w, listed, entry, slots, note, menu.avoids.length > 0);
    return call(opening ? 'views.open' : 'views.update', { ...to, view });
  }

  /** A modal's answers saved, or what to fix: the door's refusal on the diet box, the time or the first block. */
  async function submit(
    p: Person,
    values: Answers,
    blocks: string[],
    save: () => Promise<Record<string, string> | void>,
  ) {
    try {
      const problems = await save();
      return problems ? errors(problems) : { response_action: 'clear' };
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const diet = error.code === 'DIET_CONFIRMATION_NEEDED' && values.diet;
      const block = diet ? 'diet' : (blocks[isTimeRefusal(error.text) ? 1 : 0] ?? '');
      return errors({ [block]: refusalText(p.w, error) });
    }
  }

  async function act(p: Person, payload: SlackInteraction): Promise<unknown> {
    const { action_id: action = '', value = '', selected_option } = payload.actions?.[0] ?? {};
    const id = idOf(value);
    const stale = () => tell(p, p.w('people.chat.refused.stale'));
    const [orderMove, standingMove] = [ORDER_MOVES.get(action), STANDING_MOVES.get(action)];
    if ((orderMove || standingMove) && id === null) return stale();
    if (orderMove) return ports.orders.ownerUpdate(p.user, id ?? 0, { status: orderMove });
    if (standingMove) {
      await ports.standing.update(p.user, id ?? 0, standingMove);
      return publishHome(p.slackUserId, p.user.id);
    }
    const trigger_id = payload.trigger_id ?? '';
    switch (action) {
      case ACTIONS.orderUsual: {
        const usual = await usualToOrder(p);
        const body = { ...usual.drink, tumblerImage: usual.tumbler, dietConfirmed: confirmed(usual.conflicts, value) };
        return place(p, body, `slack:usual:${value.split('|')[0]}`).catch((error: unknown) => {
          if (!(error instanceof AppError) || error.code !== 'DIET_CONFIRMATION_NEEDED') throw error;
          // The confirmation again, with what the drink contains now, under the refusal.
          const refused = slackText(refusalText(p.w, error));
          const ask = usualConfirmation(p.w, usual, randomUUID());
          return post(p.slackUserId, { text: refused, blocks: [section(refused), ...ask.blocks] });
        });
      }
      case ACTIONS.changeUsual: {
        const drink = await ports.ordering.usual.usualOf(p.user.id);
        return openOrderModal(p, { trigger_id }, (e) => e.item.id === drink?.menu_id);
      }
      case ACTIONS.again: {
        // `<order>:<nonce of the Home>|<what it showed>`.
        const [orderId, nonce = ''] = (value.split('|')[0] ?? '').split(':');
        const pastId = idOf(orderId);
        if (pastId === null) return stale();
        const past = await ports.orders.get(p.user, pastId);
        const drink = drinkOfOrder(past);
        const tumbler = ports.orders.recentTumblerOf(p.user.id);
        const dietConfirmed = confirmed((await menuOf(p.user, past.site.id)).conflictsOf(drink), value);
        const body = {
          ...drink,
          tumblerImage: (await tumbler) ?? past.tumblerImage,
          siteId: past.site.id,
          dietConfirmed,
        };
        return place(p, body, `slack:again:${pastId}:${nonce}`);
      }
      case ACTIONS.standingNew: {
        const site = await ports.siteOf(p.user);
        const [usual, times] = await Promise.all([usualOf(p.user, p.w), ports.standingTimes(site.id)]);
        return call('views.open', { trigger_id, view: standingModal(p.w, site.name, usual, times) });
      }
      case ACTIONS.modalItem: {
        const menuId = idOf(selected_option?.value);
        return openOrderModal(p, { view_id: payload.view?.id ?? '' }, (e) => e.item.id === menuId);
      }
    }
  }

  // The order's message follows the order's own moves (not the queue's: its place is said when placed).
  if (config) ctx.domainEvents.on('order.moved', ({ orderId }) => later('chat.update', () => follow(orderId)));

  return {
    enabled: config !== null,
    linking,
    verify,

    /**
     * `/coffee`: the usual, after one confirmation; `/coffee runs`: the open coffee runs; `/coffee
     * <words>`: the order modal.
     */
    async command(form: SlackCommand): Promise<Block | null> {
      const p = await personOf(form.user_id ?? '');
      if ('refused' in p) return { response_type: 'ephemeral', ...notice(p.refused) };
      const asked = (form.text ?? '').trim().slice(0, 200);
      const told = (error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        return notice(slackText(refusalText(p.w, error)));
      };
      if (asksForRuns(asked)) {
        const runs = await openRuns(ports, p.user, p.w, ctx.config.publicUrl).then(runsMessage, told);
        return { response_type: 'ephemeral', ...runs };
      }
      if (asked) {
        later('views.open', () => openOrderModal(p, { trigger_id: form.trigger_id ?? '' }, entryForWords(asked)));
        return null;
      }
      const answer = await usualToOrder(p).then((usual) => usualConfirmation(p.w, usual, randomUUID()), told);
      return { response_type: 'ephemeral', ...answer };
    },

    async interaction(payload: SlackInteraction): Promise<Block | null> {
      const p = await personOf(payload.user?.id ?? '');
      const view = payload.type === 'view_submission' ? payload.view : undefined;
      if ('refused' in p) {
        if (view) return errors({ item: p.refused });
        later('chat.postMessage', () => post(payload.user?.id ?? '', notice(p.refused)));
        return null;
      }
      // Once per modal: its view id is in the key. Its site and tumbler photo are the person's now.
      const key = (kind: string) => `slack:${kind}:${view?.id ?? ''}`.slice(0, 255);
      const values = view?.state?.values ?? {};
      if (view?.callback_id === ORDER_VIEW) {
        return submit(p, values, ['item', 'when'], async () => {
          const [site, tumbler] = await Promise.all([ports.siteOf(p.user), ports.orders.recentTumblerOf(p.user.id)]);
          if (!tumbler) return { item: p.w('people.chat.modal.noTumbler') };
          const read = readOrder(p.w, values, { siteId: site.id, tumblerImage: tumbler });
          if ('errors' in read) return read.errors;
          await place(p, read.body, key('view'));
        });
      }
      if (view?.callback_id === STANDING_VIEW) {
        return submit(p, values, ['weekdays', 'time'], async () => {
          const read = readStanding(p.w, values, (await ports.siteOf(p.user)).id);
          if ('errors' in read) return read.errors;
          await ports.standing.create(p.user, read.body, key('standing'));
          publishHome(p.slackUserId, p.user.id);
        });
      }
      later(payload.actions?.[0]?.action_id ?? 'interaction', () =>
        act(p, payload).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          return tell(p, refusalText(p.w, error));
        }),
      );
      return null;
    },

    async event(body: SlackEventBody): Promise<Block> {
      if (body.type === 'url_verification') return { challenge: body.challenge ?? '' };
      const { event } = body;
      if (body.type === 'event_callback' && event?.type === 'app_home_opened' && event.tab !== 'messages') {
        later('views.publish', async () => {
          const p = await personOf(event.user ?? '');
          if (!('refused' in p)) publishHome(p.slackUserId, p.user.id);
        });
      }
      return {};
    },

    /** The work after the answers and the Web API calls started so far, done (tests; shutdown). */
    async settled(): Promise<void> {
      do {
        await Promise.all(pending);
        await ports.client?.idle();
      } while (pending.size > 0);
    },
  };
}

export type SlackService = ReturnType<typeof createSlackService>;
