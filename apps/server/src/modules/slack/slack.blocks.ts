import { drinkTypeLabel, type Order, type OrderStatus } from '@cafe/shared';
import type { Block, SlackView } from './slack.api';
import { statusText, textsOf, type Lang } from './slack.texts';

/** The ids of the app's buttons and modal (docs/slack.md): what an interaction names. */
export const ACTIONS = {
  orderUsual: 'usual.order',
  changeUsual: 'usual.change',
  cancel: 'order.cancel',
  pickUp: 'order.pickup',
  again: 'order.again',
  modalItem: 'modal.item',
  standingNew: 'standing.new',
  standingSkip: 'standing.skip',
  standingPause: 'standing.pause',
  standingResume: 'standing.resume',
} as const;
export const ORDER_VIEW = 'coffee.order';
export const STANDING_VIEW = 'coffee.standing';

export const section = (text: string): Block => ({ type: 'section', text: { type: 'mrkdwn', text } });
export const context = (text: string): Block => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
export const button = (text: string, actionId: string, value: string, style?: 'primary' | 'danger'): Block => ({
  type: 'button',
  text: { type: 'plain_text', text },
  action_id: actionId,
  value,
  ...(style ? { style } : {}),
});

/** A drink as a line: name, type, sweetness and the choices made ("Latte · Cold · 50% · Oat milk"). */
export function drinkLine(drink: {
  name: string;
  type: Order['type'];
  sweetness: number | null;
  options?: readonly { choice: string; quantity: number }[] | undefined;
}): string {
  const parts = [drink.name];
  if (drink.type) parts.push(drinkTypeLabel(drink.type));
  if (drink.sweetness !== null) parts.push(`${drink.sweetness}%`);
  for (const o of drink.options ?? []) parts.push(o.quantity > 1 ? `${o.choice} ×${o.quantity}` : o.choice);
  return parts.join(' · ');
}

export const orderDrinkLine = (order: Order): string =>
  drinkLine({ name: order.menu.name, type: order.type, sweetness: order.sweetness, options: order.options });

const STATUS_MARK: Record<OrderStatus, string> = {
  scheduled: ':calendar:',
  ordered: ':hourglass_flowing_sand:',
  'in-progress': ':coffee:',
  done: ':bell:',
  picked: ':white_check_mark:',
  cancel: ':heavy_multiplication_x:',
  rejected: ':no_entry:',
  uncollected: ':hourglass:',
};

/** The clock time of an instant at a site ("09:30"). */
function clockAt(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(instant),
  );
}

/**
 * An order's message as it is now: the drink and site, where it is (its queue place while it waits,
 * the reason when rejected), Cancel while it waits, Pick up when ready.
 */
export function orderMessage(
  lang: Lang,
  order: Order,
  extra: { queuePlace: number | null; timeZone: string },
): { text: string; blocks: Block[] } {
  const t = textsOf(lang);
  const status = `${STATUS_MARK[order.status]} *${statusText(lang, order.status)}*`;
  const facts = [status];
  if (order.status === 'ordered' && extra.queuePlace !== null) facts.push(t.queuePlace(extra.queuePlace));
  if (order.pickupAt && order.status === 'scheduled') facts.push(t.pickupAt(clockAt(order.pickupAt, extra.timeZone)));
  if (order.status === 'rejected' && order.rejectNote && order.rejectNote !== '-')
    facts.push(t.reason(order.rejectNote));
  const blocks: Block[] = [
    section(`${t.placed(orderDrinkLine(order))} — ${order.site.name} (#${order.id})`),
    context(facts.join('  ·  ')),
  ];
  const buttons: Block[] = [];
  if (order.status === 'ordered' || order.status === 'scheduled')
    buttons.push(button(t.cancel, ACTIONS.cancel, String(order.id), 'danger'));
  if (order.status === 'done') buttons.push(button(t.pickUp, ACTIONS.pickUp, String(order.id), 'primary'));
  if (buttons.length) blocks.push({ type: 'actions', block_id: `order-${order.id}`, elements: buttons });
  return { text: `${orderDrinkLine(order)}: ${statusText(lang, order.status)}`, blocks };
}

/**
 * `/coffee` with no words: "Order your usual: <drink> at <site>? [Order] [Change]", with what the
 * drink contains that the person avoids said before the Order button (this confirmation is the ask).
 */
export function usualConfirmation(
  lang: Lang,
  drink: string,
  site: string,
  nonce: string,
  warning = '',
): { text: string; blocks: Block[] } {
  const t = textsOf(lang);
  const text = t.confirmUsual(drink, site);
  return {
    text: warning ? `${text} ${warning}` : text,
    blocks: [
      section(text),
      ...(warning ? [section(`:warning: *${warning}*`)] : []),
      {
        type: 'actions',
        block_id: 'usual',
        elements: [button(t.order, ACTIONS.orderUsual, nonce, 'primary'), button(t.change, ACTIONS.changeUsual, nonce)],
      },
    ],
  };
}

/** A plain answer (a refusal, a link to follow). */
export function notice(text: string): { text: string; blocks: Block[] } {
  return { text, blocks: [section(text)] };
}

export interface HomeContent {
  /** `mark`: what the usual contains that the person avoids ("⚠ milk"), or ''. */
  usual: { line: string; site: string; mark: string } | null;
  today: { order: Order; queuePlace: number | null }[];
  /** The standing orders section (slack.standing.ts). */
  standing: Block[];
  again: { order: Order; mark: string }[];
  nonce: string;
}

/** The App Home tab: the usual with one tap, today's orders, the standing orders, one tap to order again. */
export function homeView(lang: Lang, home: HomeContent): SlackView {
  const t = textsOf(lang);
  const blocks: Block[] = [{ type: 'header', text: { type: 'plain_text', text: t.homeTitle } }];
  blocks.push(section(`*${t.homeUsual}*`));
  if (home.usual) {
    blocks.push({
      type: 'section',
      block_id: 'home-usual',
      text: {
        type: 'mrkdwn',
        text: `${home.usual.line} — ${home.usual.site}${home.usual.mark ? `  ${home.usual.mark}` : ''}`,
      },
      accessory: button(t.order, ACTIONS.orderUsual, home.nonce, 'primary'),
    });
    blocks.push({
      type: 'actions',
      block_id: 'home-standing-new',
      elements: [button(t.setStanding, ACTIONS.standingNew, home.nonce)],
    });
  } else blocks.push(context(t.noUsual));
  blocks.push({ type: 'divider' }, section(`*${t.homeToday}*`));
  if (home.today.length === 0) blocks.push(context(t.homeNoOrders));
  for (const { order, queuePlace } of home.today) {
    const place = order.status === 'ordered' && queuePlace !== null ? `  ·  ${t.queuePlace(queuePlace)}` : '';
    blocks.push(
      context(`${STATUS_MARK[order.status]} ${orderDrinkLine(order)} — *${statusText(lang, order.status)}*${place}`),
    );
  }
  blocks.push({ type: 'divider' }, section(`*${t.homeStanding}*`), ...home.standing);
  if (home.again.length) {
    blocks.push({ type: 'divider' }, section(`*${t.homeAgain}*`));
    for (const { order, mark } of home.again) {
      blocks.push({
        type: 'section',
        block_id: `again-${order.id}`,
        text: { type: 'mrkdwn', text: `${orderDrinkLine(order)} — ${order.site.name}${mark ? `  ${mark}` : ''}` },
        accessory: button(t.orderAgain, ACTIONS.again, `${order.id}:${home.nonce}`),
      });
    }
  }
  return { type: 'home', blocks };
}
