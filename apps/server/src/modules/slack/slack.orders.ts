import { randomUUID } from 'node:crypto';
import { conflictsOfDrink, drinkOfOrder, type DietTag, type DrinkChoice, type DrinkOf } from '@cafe/shared';
import type { MenuEntry, Order, QueuedOrder } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { SlackApi } from './slack.api';
import { choiceLine, homeView, orderDrinkLine, orderMessage } from './slack.blocks';
import type { Lang, Person, UsualShown } from './slack.blocks';
import type { SlackLinking } from './slack.linking';
import type { SlackPorts } from './slack.ports';
import { findOrderMessage, saveOrderMessage } from './slack.repository';
import { standingBlocks } from './slack.standing';

/** The usual as `/coffee` orders it: the drink, its words, the recent tumbler photo, what of it the person avoids. */
export interface UsualDrink extends UsualShown {
  drink: DrinkChoice;
  tumbler: string | null;
}

const itemOf = (entries: readonly MenuEntry[], menuId: number) => entries.find((e) => e.item.id === menuId)?.item;

/**
 * The person's orders and the Slack side of them: their usual as it will be made, the order
 * messages kept in step with each order's own moves, and the App Home tab. Every call to Slack goes
 * through the paced queues and renders when it runs.
 */
export function createSlackOrders(ctx: AppBase, ports: SlackPorts, api: () => SlackApi, linking: SlackLinking) {
  const { db } = ctx;
  const menu = (user: AuthUser, siteId?: number) => ports.ordering.menuFor(user, 'cafe', siteId);

  /** What of `drink` as it will be made at the site (its choices, or the item's defaults) the person avoids. */
  async function conflictsOf(user: AuthUser, drink: DrinkOf, siteId?: number): Promise<DietTag[]> {
    const [entries, avoids] = await Promise.all([menu(user, siteId), ports.users.avoidsOf(user.id)]);
    const item = itemOf(entries, drink.menu_id);
    return item ? conflictsOfDrink(avoids, item, drink.options) : [];
  }

  /**
   * The person's usual (the door's, changed only by its owner), named from the menu of their site as
   * it will be made (the item's default choices when it names none), with their recent tumbler photo
   * and what of it they avoid. Ordered at their site.
   */
  async function usualOf(user: AuthUser, lang: Lang, known?: { entries: MenuEntry[]; avoids: DietTag[] }) {
    const drink = await ports.ordering.usual.usualOf(user.id);
    if (!drink) return null;
    const [site, entries, tumbler, avoids] = await Promise.all([
      ports.siteOf(user),
      known?.entries ?? menu(user),
      ports.orders.recentTumblerOf(user.id),
      known?.avoids ?? ports.users.avoidsOf(user.id),
    ]);
    const item = itemOf(entries, drink.menu_id);
    const conflicts = item ? conflictsOfDrink(avoids, item, drink.options) : [];
    return { drink, line: choiceLine(lang, item, drink), site: site.name, tumbler, conflicts } satisfies UsualDrink;
  }

  /** The App Home of `userId` as it is when Slack is called. */
  function publishHome(slackUserId: string, userId: number): void {
    api().publishHome(slackUserId, async () => {
      const user = await ports.users.findActive(userId);
      if (!user) return null;
      const [lang, queue, past, standing, entries, avoids] = await Promise.all([
        ports.language(user),
        ports.orders.myQueueAnswer(user).then((answer) => JSON.parse(answer.json) as QueuedOrder[]),
        ports.orders.history(userId, {}),
        ports.standing.list(userId),
        menu(user),
        ports.users.avoidsOf(userId),
      ]);
      const seen = new Set<string>();
      const again = past
        .filter((o) => o.menu.category.categoryFor === 'cafe' && !o.walkUp && o.tumblerImage !== '')
        .filter((o) => !seen.has(orderDrinkLine(lang, o)) && Boolean(seen.add(orderDrinkLine(lang, o))))
        .slice(0, 3)
        .map((order) => {
          const item = itemOf(entries, order.menu.id);
          return { order, conflicts: item ? conflictsOfDrink(avoids, item, drinkOfOrder(order).options) : [] };
        });
      return homeView(lang, {
        usual: await usualOf(user, lang, { entries, avoids }),
        today: queue,
        standing: standingBlocks(lang, standing, (drink) => choiceLine(lang, itemOf(entries, drink.menu_id), drink)),
        again,
        nonce: randomUUID(),
      });
    });
  }

  /** An order moved: its message follows (as it is when Slack is called), and its owner's App Home. */
  async function follow(orderId: number): Promise<void> {
    const row = await findOrderMessage(db, orderId);
    if (!row) return;
    api().update(`order:${orderId}`, async () => {
      const owner = await ports.users.findActive(row.user_id);
      if (!owner) return null;
      const [order, lang, site] = await Promise.all([
        ports.orders.get(owner, orderId),
        ports.language(owner),
        ports.siteOf(owner),
      ]);
      return { channel: row.channel, ts: row.ts, ...orderMessage(lang, order, null, site.timeZone) };
    });
    const slackUserId = await linking.slackUserOf(row.user_id);
    if (slackUserId) publishHome(slackUserId, row.user_id);
  }

  return {
    usualOf,
    conflictsOf,
    publishHome,
    follow,

    /** A new order's message in the person's DM (its place in the queue when placed), remembered to follow it. */
    async post({ slackUserId, user, lang }: Person, order: Order & { queue_at?: number | null }): Promise<void> {
      const site = await ports.siteOf(user);
      const posted = await api().post(slackUserId, orderMessage(lang, order, order.queue_at ?? null, site.timeZone));
      await saveOrderMessage(db, { order_id: order.id, user_id: user.id, site_id: order.site.id, ...posted });
      // A move while it was being posted found no message to follow.
      if ((await ports.orders.get(user, order.id)).status !== order.status) await follow(order.id);
      publishHome(slackUserId, user.id);
    },
  };
}

export type SlackOrders = ReturnType<typeof createSlackOrders>;
