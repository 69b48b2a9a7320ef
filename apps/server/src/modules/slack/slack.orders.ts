import { randomUUID } from 'node:crypto';
import {
  FINISHED_ORDER_STATUSES,
  isSweetness,
  type Category,
  type DietTag,
  type DrinkChoice,
  type Order,
  type OrderCreateBody,
  type OrderStatus,
  type QueuedOrder,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { SlackApi } from './slack.api';
import { drinkLine, homeView, orderDrinkLine, orderMessage, type HomeContent } from './slack.blocks';
import { conflictMark, drinkConflicts, findItem } from './slack.diet';
import type { SlackLinking } from './slack.linking';
import type { SlackPorts } from './slack.ports';
import { closeOrderMessage, findOrderMessage, openMessagesAt, saveOrderMessage } from './slack.repository';
import type { Lang } from './slack.texts';
import { standingBlocks } from './slack.standing';

/** A drink as the person had it: what to order again, and the words to show it. */
export interface UsualDrink {
  /** The order's body; its tumblerImage is '' when the person has no recent photo. */
  body: OrderCreateBody;
  line: string;
  /** Whether the person has a recent tumbler photo: without one the usual cannot be ordered. */
  tumbler: boolean;
  /** What the drink contains that the person avoids (docs/allergens.md). */
  conflicts: DietTag[];
}

/** A drink choice as a line, named from the cafe menu (item and choices; `#id` for one it lists no more). */
export function choiceLine(categories: readonly Category[], drink: DrinkChoice): string {
  const item = findItem(categories, drink.menu_id);
  const choices = (item?.optionGroups ?? []).flatMap((g) => g.choices);
  return drinkLine({
    name: item?.name ?? `#${drink.menu_id}`,
    type: drink.type ?? null,
    sweetness: drink.sweetness ?? null,
    options: (drink.options ?? []).map((o) => ({
      choice: choices.find((c) => c.id === o.choiceId)?.name ?? `#${o.choiceId}`,
      quantity: o.quantity ?? 1,
    })),
  });
}

const OVER: readonly OrderStatus[] = FINISHED_ORDER_STATUSES;

/** An order's drink as a new order's body (its options exactly, its tumbler photo given). */
export function bodyOf(order: Order, tumblerImage: string, siteId?: number): OrderCreateBody {
  return {
    menu_id: order.menu.id,
    ...(order.type ? { type: order.type } : {}),
    ...(order.sweetness !== null && isSweetness(order.sweetness) ? { sweetness: order.sweetness } : {}),
    remark: order.remark,
    tumblerImage,
    ...(siteId === undefined ? {} : { siteId }),
    ...(order.options === undefined
      ? {}
      : {
          options: order.options.map((o) => ({
            choiceId: o.choiceId,
            ...(o.quantity > 1 ? { quantity: o.quantity } : {}),
          })),
        }),
  };
}

/**
 * The person's orders and the Slack side of them: their usual, their recent tumbler photo, the
 * order messages kept in step with the orders, and the App Home tab.
 */
export function createSlackOrders(ctx: AppBase, ports: SlackPorts, api: () => SlackApi, linking: SlackLinking) {
  const { db } = ctx;

  async function today(user: AuthUser): Promise<QueuedOrder[]> {
    return JSON.parse((await ports.orders.myQueueAnswer(user)).json) as QueuedOrder[];
  }

  /** The specification's "recent" tumbler mode: the photo of the person's most recent order. */
  function recentTumbler(user: AuthUser): Promise<string | null> {
    return ports.orders.recentTumblerOf(user.id);
  }

  /**
   * THE ONE PLACE the usual is looked up: the standing orders' server-side usual (saved with PUT
   * /me/usual, else the last picked-up cafe drink), named from the cafe menu of the person's site,
   * with their recent tumbler photo (none: `tumbler` false, the person is told) and what it contains
   * that they avoid. Ordered at the person's site (no siteId: their home site).
   */
  async function usualOf(user: AuthUser): Promise<UsualDrink | null> {
    const drink = await ports.standing.usual(user.id);
    if (!drink) return null;
    const site = await ports.siteOf(user);
    const [categories, tumbler, avoids] = await Promise.all([
      ports.cafeMenu(site.id),
      recentTumbler(user),
      ports.avoids(user.id),
    ]);
    const item = findItem(categories, drink.menu_id);
    const body: OrderCreateBody = {
      menu_id: drink.menu_id,
      ...(drink.type ? { type: drink.type } : {}),
      ...(drink.sweetness === undefined ? {} : { sweetness: drink.sweetness }),
      ...(drink.remark ? { remark: drink.remark } : {}),
      ...(drink.options ? { options: drink.options } : {}),
      tumblerImage: tumbler ?? '',
    };
    const conflicts = drinkConflicts(
      avoids,
      item,
      (drink.options ?? []).map((o) => o.choiceId),
    );
    return { body, line: choiceLine(categories, drink), tumbler: tumbler !== null, conflicts };
  }

  async function render(owner: AuthUser, order: Order, lang: Lang) {
    const [queue, site] = await Promise.all([today(owner), ports.siteOf(owner)]);
    const queuePlace = queue.find((q) => q.id === order.id)?.queue_at ?? null;
    return orderMessage(lang, order, { queuePlace, timeZone: site.timeZone });
  }

  async function publishHome(slackUserId: string, user: AuthUser, lang: Lang): Promise<void> {
    const site = await ports.siteOf(user);
    const [usual, queue, past, standingOrders, categories, avoids] = await Promise.all([
      usualOf(user),
      today(user),
      ports.orders.history(user.id, {}),
      ports.standing.list(user.id),
      ports.cafeMenu(site.id),
      ports.avoids(user.id),
    ]);
    const standing = standingBlocks(lang, standingOrders, (drink) => choiceLine(categories, drink));
    const drinks = new Set<string>();
    const again = past
      .filter((o) => o.menu.category.categoryFor === 'cafe' && !o.walkUp && o.tumblerImage !== '')
      .filter((o) => {
        const line = orderDrinkLine(o);
        return !drinks.has(line) && Boolean(drinks.add(line));
      })
      .slice(0, 3);
    const home: HomeContent = {
      usual: usual ? { line: usual.line, site: site.name, mark: conflictMark(lang, usual.conflicts) } : null,
      today: queue.map((order) => ({ order, queuePlace: order.queue_at })),
      standing,
      again: again.map((order) => {
        const item = findItem(categories, order.menu.id);
        const choiceIds = (order.options ?? []).map((o) => o.choiceId);
        return { order, mark: conflictMark(lang, drinkConflicts(avoids, item, choiceIds)) };
      }),
      nonce: randomUUID(),
    };
    await api().publishHome(slackUserId, homeView(lang, home));
  }

  /** The order's message as the order is now, and the owner's App Home with it. */
  async function refresh(orderId: number): Promise<void> {
    const row = await findOrderMessage(db, orderId);
    if (!row) return;
    const owner = await ports.users.findActive(row.user_id);
    if (!owner) return;
    const [order, lang] = await Promise.all([ports.orders.get(owner, orderId), ports.language(owner)]);
    const message = await render(owner, order, lang);
    await api().update(row.channel, row.ts, message.text, message.blocks);
    if (OVER.includes(order.status)) await closeOrderMessage(db, orderId);
    const slackUserId = await linking.slackUserOf(owner.id);
    if (slackUserId) await publishHome(slackUserId, owner, lang);
  }

  return {
    usualOf,
    recentTumbler,
    publishHome,
    refresh,

    /** A new order's message in the person's DM, remembered to update as the order moves. */
    async post(slackUserId: string, owner: AuthUser, order: Order, lang: Lang): Promise<void> {
      const message = await render(owner, order, lang);
      const posted = await api().post(slackUserId, message.text, message.blocks);
      await saveOrderMessage(db, {
        order_id: order.id,
        user_id: owner.id,
        site_id: order.site.id,
        channel: posted.channel,
        ts: posted.ts,
      });
      await publishHome(slackUserId, owner, lang);
    },

    /** A site's queue changed: the messages of its waiting orders follow their place. */
    async refreshSite(siteId: number): Promise<void> {
      for (const row of await openMessagesAt(db, siteId)) await refresh(row.order_id);
    },
  };
}

export type SlackOrders = ReturnType<typeof createSlackOrders>;
