import { clockTimeText, tagsValue, weekdayOf, type DietTag, type Order, type OrderStatus } from '@cafe/shared';
import type { QueuedOrder, StandingOrder } from '@cafe/shared';
import { dietWarning, marked, orderLine, statusText, type Id, type OpenRuns, type Words } from '../../lib/chat-words';
import { slackText } from '../../lib/slack-text';
import { when } from '../chat/views';

export { choiceLine, dietWarning, entryMarked, marked, orderLine, refusalText, wordsIn } from '../../lib/chat-words';
export type { Id, Words } from '../../lib/chat-words';
export { slackText } from '../../lib/slack-text';
export { when } from '../chat/views';

/*
 * What Slack shows (Block Kit), in the person's words: every sentence is the people catalogue's
 * (packages/shared/locales/<language>/chat.po and people.po), never a field name or a code. Every
 * name or note a person or an admin wrote goes into a mrkdwn text through `slackText`, so that it
 * arrives as text, never as a mention or a link (plain_text needs nothing: Slack reads no markup there).
 */

export type Block = Record<string, unknown>;
export type SlackMessage = { text: string; blocks: Block[] };

/** The ids of the app's buttons and modals (docs/api/slack.md): what an interaction names. */
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
  runAdd: 'run.add',
  runStart: 'run.start',
} as const;
export const ORDER_VIEW = 'coffee.order';
export const STANDING_VIEW = 'coffee.standing';
/** The value of the ticked "I know what it contains. Place it anyway." box (block `diet`). */
export { DIET_ANYWAY } from '../chat/order-form';

export const plain = (text: string) => ({ type: 'plain_text', text: text.slice(0, 75) });
const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
export const section = (text: string, more?: Block): Block => ({ type: 'section', text: mrkdwn(text), ...more });
export const context = (text: string, more?: Block): Block => ({ type: 'context', elements: [mrkdwn(text)], ...more });
export const notice = (text: string): SlackMessage => ({ text, blocks: [section(text)] });
const actions = (block_id: string, ...elements: Block[]): Block => ({ type: 'actions', block_id, elements });
const button = (text: string, action_id: string, value: string, style?: 'primary' | 'danger'): Block => ({
  type: 'button',
  text: plain(text),
  action_id,
  value,
  ...(style && { style }),
});
/** A button that opens a page (Slack still sends its tap, which does nothing here). */
const linkButton = (text: string, action_id: string, url: string): Block => ({
  type: 'button',
  text: plain(text),
  action_id,
  url,
});
/** An Order button carries what it showed the drink contains that the person avoids (`nonce|milk,eggs`). */
const orderButton = (text: string, actionId: string, value: string, conflicts: readonly DietTag[], style?: 'primary') =>
  button(text, actionId, `${value}|${tagsValue(conflicts)}`, style);

const MARK: Record<OrderStatus, string> = {
  scheduled: ':calendar:',
  ordered: ':hourglass_flowing_sand:',
  'in-progress': ':coffee:',
  done: ':bell:',
  picked: ':white_check_mark:',
  cancel: ':heavy_multiplication_x:',
  rejected: ':no_entry:',
  uncollected: ':hourglass:',
};

/**
 * An order's message as it is now: where it is (its place in the queue when it was placed, the
 * pickup time, the reason when rejected), Cancel while it waits, Pick up when ready.
 */
export function orderMessage(w: Words, order: Order, queuePlace: number | null, timeZone: string): SlackMessage {
  const { status, pickupAt, rejectNote } = order;
  const id = String(order.id);
  const time = pickupAt && clockTimeText(new Date(pickupAt), timeZone);
  const reason = status === 'rejected' && rejectNote && rejectNote !== '-';
  const facts = [
    `${MARK[status]} *${statusText(w, status)}*`,
    ...when(status === 'ordered' && queuePlace !== null, w('people.chat.order.queuePlace', { place: queuePlace ?? 0 })),
    ...when(status === 'scheduled' && time, w('people.chat.order.pickupAt', { time: time ?? '' })),
    ...when(reason, w('people.chat.order.reason', { note: slackText(rejectNote ?? '') })),
  ];
  const buttons = [
    ...when(
      status === 'ordered' || status === 'scheduled',
      button(w('people.chat.button.cancel'), ACTIONS.cancel, id, 'danger'),
    ),
    ...when(status === 'done', button(w('people.chat.button.pickUp'), ACTIONS.pickUp, id, 'primary')),
  ];
  const line = slackText(orderLine(w, order));
  const blocks = [
    section(`${w('people.chat.order.placed', { drink: line })} — ${slackText(order.site.name)} (#${id})`),
    context(facts.join('  ·  ')),
    ...when(buttons.length, actions(`order-${id}`, ...buttons)),
  ];
  return { text: `${line}: ${statusText(w, status)}`, blocks };
}

/** The usual as the person is asked about it: its words, its site, what of it they avoid. */
export type UsualShown = { line: string; site: string; conflicts: DietTag[] };

/** "Order your usual: <drink> at <site>? [Order] [Change]", what the person avoids in it said before Order. */
export function usualConfirmation(w: Words, usual: UsualShown, nonce: string): SlackMessage {
  const text = w('people.chat.usual.confirm', { drink: slackText(usual.line), site: slackText(usual.site) });
  const warning = dietWarning(w, usual.conflicts);
  const order = orderButton(w('people.chat.button.order'), ACTIONS.orderUsual, nonce, usual.conflicts, 'primary');
  const blocks = [
    section(text),
    ...when(warning, section(`:warning: *${warning}*`)),
    actions('usual', order, button(w('people.chat.button.change'), ACTIONS.changeUsual, nonce)),
  ];
  return { text: warning ? `${text} ${warning}` : text, blocks };
}

/** The open coffee runs, each with Add my drink (its page), and Start a run; none open said so. */
function runsBlocks(runs: OpenRuns): Block[] {
  return [
    section(runs.none ? slackText(runs.none) : `*${slackText(runs.title)}*`),
    ...runs.runs.map((run) =>
      section(slackText(run.text), {
        block_id: `run-${run.id}`,
        accessory: linkButton(runs.add, ACTIONS.runAdd, run.url),
      }),
    ),
    actions('runs-start', linkButton(runs.start, ACTIONS.runStart, runs.startUrl)),
  ];
}

/** `/coffee runs`: the open coffee runs at the person's site. */
export const runsMessage = (runs: OpenRuns): SlackMessage => ({
  text: slackText(runs.none ?? runs.title),
  blocks: runsBlocks(runs),
});

/** Monday first, Sunday last, as an office week reads. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0];
export const dayName = (w: Words, weekday: number) => w(`people.chat.weekday.${weekday}`);
const dayLine = (w: Words, day: string) => `${dayName(w, weekdayOf(day))} ${day}`;

/** A standing order on App Home: its drink (or "your usual"), days, time and state, and its buttons. */
function standingBlocks(w: Words, s: StandingOrder & { line: string | null }): Block[] {
  const id = String(s.id);
  const weekdays = WEEK.filter((d) => s.weekdays.includes(d)).map((d) => dayName(w, d));
  const every = w('people.chat.standing.everyAt', { weekdays: weekdays.join(', '), time: s.time });
  const state = s.paused
    ? [`*${w('people.chat.standing.paused')}*`]
    : [
        ...(s.skipDate ? [w('people.chat.standing.skipping', { day: dayLine(w, s.skipDate) })] : []),
        ...(s.nextDay ? [w('people.chat.standing.next', { day: dayLine(w, s.nextDay) })] : []),
      ];
  const act = ([actionId, text]: [string, Id]) => button(w(text), actionId, id);
  const buttons: [string, Id][] = s.paused
    ? [[ACTIONS.standingResume, 'people.chat.standing.resume']]
    : [
        [ACTIONS.standingSkip, 'people.chat.standing.skipNext'],
        [ACTIONS.standingPause, 'people.chat.standing.pause'],
      ];
  return [
    section(`${s.line === null ? `_${w('people.chat.standing.yourUsual')}_` : slackText(s.line)} — ${every}`, {
      block_id: `standing-${id}`,
    }),
    ...when(state.length, context(state.join('  ·  '))),
    actions(`standing-actions-${id}`, ...buttons.map(act)),
  ];
}

/**
 * The App Home tab: the usual with one tap, today's orders, the standing orders, one tap to order
 * again, the open coffee runs.
 */
export function homeView(
  w: Words,
  home: {
    usual: UsualShown | null;
    today: QueuedOrder[];
    standing: (StandingOrder & { line: string | null })[];
    again: { order: Order; conflicts: DietTag[] }[];
    runs: OpenRuns;
    nonce: string;
  },
): Block {
  const { usual, nonce } = home;
  const title = (id: Id) => section(`*${w(id)}*`);
  const divider = { type: 'divider' };
  const orEmpty = (blocks: Block[], none: Id) => (blocks.length ? blocks : [context(w(none))]);
  const today = home.today.map((o) => {
    const where = when(
      o.status === 'ordered' && o.queue_at !== null,
      w('people.chat.home.queuePlace', { place: o.queue_at ?? 0 }),
    );
    return context(
      [`${MARK[o.status]} ${slackText(orderLine(w, o))} — *${statusText(w, o.status)}*`, ...where].join('  ·  '),
    );
  });
  const usualBlocks = usual && [
    section(marked(w, `${slackText(usual.line)} — ${slackText(usual.site)}`, usual.conflicts), {
      block_id: 'home-usual',
      accessory: orderButton(w('people.chat.button.order'), ACTIONS.orderUsual, nonce, usual.conflicts, 'primary'),
    }),
    actions('home-standing-new', button(w('people.chat.standing.set'), ACTIONS.standingNew, nonce)),
  ];
  const again = home.again.map(({ order, conflicts }) =>
    section(marked(w, `${slackText(orderLine(w, order))} — ${slackText(order.site.name)}`, conflicts), {
      block_id: `again-${order.id}`,
      accessory: orderButton(w('people.chat.button.orderAgain'), ACTIONS.again, `${order.id}:${nonce}`, conflicts),
    }),
  );
  const blocks = [
    { type: 'header', text: plain(w('people.chat.home.title')) },
    title('people.chat.home.usual'),
    ...(usualBlocks || [context(w('people.chat.usual.none'))]),
    ...[divider, title('people.chat.home.today'), ...orEmpty(today, 'people.chat.home.noOrders')],
    ...[divider, title('people.chat.home.standing')],
    ...orEmpty(
      home.standing.flatMap((s) => standingBlocks(w, s)),
      'people.chat.home.standingNone',
    ),
    ...when(again.length, divider, title('people.chat.home.again'), ...again),
    divider,
    ...runsBlocks(home.runs),
  ];
  return { type: 'home', blocks };
}
