import { chosenOf, peopleText, tagsValue, type DietTag, type DrinkChoice, type ErrorCode } from '@cafe/shared';
import type { Menu, NotificationLanguage, Order, OrderStatus, PeopleValues } from '@cafe/shared';
import type { AuthUser } from '../../context';
import type { AppError } from '../../lib/errors';
import { say } from '../../lib/people-texts';
import type { Block, SlackMessage, SlackView } from './slack.api';

/*
 * What Slack shows, in the person's language: every sentence is the people catalogue's
 * (packages/shared/locales/<language>/people.po, `people.chat.*` and the refusals), worded by `say`.
 */

export type Lang = NotificationLanguage;
/** Who a request is from: the Slack user, the account they act as, and its language. */
export interface Person {
  slackUserId: string;
  user: AuthUser;
  lang: Lang;
}

/** A message of the people catalogue in the person's language. */
type Id = `people.${string}`;
export const words = (lang: Lang, id: Id, values?: PeopleValues): string => say(lang, peopleText(id, values));

/** The ids of the app's buttons and modals (docs/slack.md): what an interaction names. */
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

export const plain = (text: string) => ({ type: 'plain_text', text: text.slice(0, 75) });
export const option = (text: string, value: string) => ({ text: plain(text), value });
export const section = (text: string): Block => ({ type: 'section', text: { type: 'mrkdwn', text } });
export const context = (text: string): Block => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
export const notice = (text: string): SlackMessage => ({ text, blocks: [section(text)] });
export const button = (text: string, actionId: string, value: string, style?: 'primary' | 'danger'): Block => ({
  type: 'button',
  text: plain(text),
  action_id: actionId,
  value,
  ...(style ? { style } : {}),
});
export const input = (blockId: string, label: string, element: Block, optional = false): Block => ({
  type: 'input',
  block_id: blockId,
  optional,
  label: plain(label),
  element: { action_id: blockId, ...element },
});

/** A select of `options`, `initial` chosen (none: Slack shows its placeholder). */
export const select = (options: Block[], initial?: Block): Block => ({
  type: 'static_select',
  options,
  ...(initial ? { initial_option: initial } : {}),
});
/** A modal: its callback id, title and submit button in the person's words, the state it carries, its blocks. */
export const modal = (
  lang: Lang,
  callbackId: string,
  title: Id,
  submit: Id,
  state: object,
  blocks: Block[],
): SlackView => ({
  type: 'modal',
  callback_id: callbackId,
  title: plain(words(lang, title)),
  submit: plain(words(lang, submit)),
  close: plain(words(lang, 'people.chat.modal.close')),
  private_metadata: JSON.stringify(state),
  blocks,
});

/** A modal's answers, block by block: a select's option(s), a text's value. */
export type StateValues = Record<
  string,
  Record<string, { selected_option?: Choice | null; selected_options?: Choice[]; value?: string | null }>
>;
type Choice = { value: string };
/** The values chosen in a block (one for a select, several for a multi-select or checkboxes). */
export const picked = (values: StateValues, block: string): string[] => {
  const answer = Object.values(values[block] ?? {})[0];
  return (answer?.selected_options ?? (answer?.selected_option ? [answer.selected_option] : [])).map((o) => o.value);
};

/** The value of a ticked "I know what it contains. Place it anyway." box. */
export const DIET_ANYWAY = 'anyway';
/** The box a person who avoids something ticks to place a drink with it anyway (block `diet`). */
export const dietBox = (lang: Lang): Block =>
  input(
    'diet',
    words(lang, 'people.chat.modal.dietLabel'),
    { type: 'checkboxes', options: [option(words(lang, 'people.diet.confirm'), DIET_ANYWAY)] },
    true,
  );

/** "This drink is not for you: Milk." before an Order button (empty: nothing to say). */
export const dietWarning = (lang: Lang, conflicts: readonly DietTag[]): string =>
  conflicts.length ? words(lang, 'people.chat.diet.warning', { tags: tagsValue(conflicts) }) : '';
/** A drink's words with what it contains that the person avoids marked: "Latte  ⚠ Milk". */
export const marked = (lang: Lang, text: string, conflicts: readonly DietTag[]): string =>
  conflicts.length ? `${text}  ${words(lang, 'people.chat.diet.mark', { tags: tagsValue(conflicts) })}` : text;
/** A button's value with what the person was shown the drink contains that they avoid (`nonce|milk,eggs`). */
export const withShown = (value: string, conflicts: readonly DietTag[]) => `${value}|${tagsValue(conflicts)}`;

const statusText = (lang: Lang, status: OrderStatus) =>
  words(lang, `people.chat.status.${status.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`);

/** A drink as a line: name, type, sweetness and its choices ("Latte · Cold · 50% · Oat milk"). */
export function drinkLine(
  lang: Lang,
  drink: Pick<Order, 'type' | 'sweetness'> & {
    name: string;
    options?: readonly { choice: string; quantity: number }[];
  },
): string {
  return [
    drink.name,
    ...(drink.type ? [words(lang, `people.chat.type.${drink.type}`)] : []),
    ...(drink.sweetness === null ? [] : [`${drink.sweetness}%`]),
    ...(drink.options ?? []).map((o) => (o.quantity > 1 ? `${o.choice} ×${o.quantity}` : o.choice)),
  ].join(' · ');
}

export const orderDrinkLine = (lang: Lang, order: Order): string =>
  drinkLine(lang, { name: order.menu.name, type: order.type, sweetness: order.sweetness, options: order.options });

/** A drink as it will be made (its choices, or the item's defaults), named from the menu item. */
export function choiceLine(lang: Lang, item: Menu | undefined, drink: DrinkChoice): string {
  const choices = (item?.optionGroups ?? []).flatMap((g) => g.choices);
  return drinkLine(lang, {
    name: item?.name ?? words(lang, 'people.chat.drink.gone'),
    type: drink.type ?? null,
    sweetness: drink.sweetness ?? null,
    // A choice the item no longer offers is left out (its id means nothing to a person).
    options: (item ? chosenOf(item, drink.options) : []).flatMap((o) => {
      const choice = choices.find((c) => c.id === o.choiceId)?.name;
      return choice ? [{ choice, quantity: o.quantity ?? 1 }] : [];
    }),
  });
}

/** Refusals that carry no catalogue words (their English names fields and states): told by what was asked. */
const BY_CODE: Partial<Record<ErrorCode, `people.${string}`>> = {
  FORBIDDEN: 'people.chat.refused.notYours',
  NOT_FOUND: 'people.chat.refused.gone',
  INVALID_TRANSITION: 'people.chat.refused.moved',
  IDEMPOTENCY_KEY_REUSED: 'people.chat.refused.used',
  IDEMPOTENCY_KEY_IN_USE: 'people.chat.refused.used',
  VALIDATION: 'people.chat.refused.invalid',
};

/** A refusal as the person reads it: the door's words, in their language. */
export function refusalText(lang: Lang, error: AppError): string {
  if (error.text) return say(lang, error.text);
  const id = BY_CODE[error.code];
  return id ? words(lang, id) : error.message;
}

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

/** `items` when `condition` holds, else none (a block or a fact that is there only sometimes). */
export const when = <T>(condition: unknown, ...items: T[]): T[] => (condition ? items : []);
export const actions = (blockId: string, ...elements: Block[]): Block => ({
  type: 'actions',
  block_id: blockId,
  elements,
});

/**
 * An order's message as it is now: the drink and site, where it is (its place in the queue when it
 * was placed, the pickup time, the reason when rejected), Cancel while it waits, Pick up when ready.
 */
export function orderMessage(lang: Lang, order: Order, queuePlace: number | null, timeZone: string): SlackMessage {
  const t = (id: `people.${string}`, values?: PeopleValues) => words(lang, id, values);
  const { status, pickupAt, rejectNote } = order;
  const id = String(order.id);
  const time =
    pickupAt && new Intl.DateTimeFormat('en-GB', { timeZone, timeStyle: 'short' }).format(new Date(pickupAt));
  const facts = [
    `${MARK[status]} *${statusText(lang, status)}*`,
    ...when(status === 'ordered' && queuePlace !== null, t('people.chat.order.queuePlace', { place: queuePlace ?? 0 })),
    ...when(status === 'scheduled' && time, t('people.chat.order.pickupAt', { time: time || '' })),
    ...when(
      status === 'rejected' && rejectNote && rejectNote !== '-',
      t('people.chat.order.reason', { note: rejectNote ?? '' }),
    ),
  ];
  const buttons = [
    ...when(
      status === 'ordered' || status === 'scheduled',
      button(t('people.chat.button.cancel'), ACTIONS.cancel, id, 'danger'),
    ),
    ...when(status === 'done', button(t('people.chat.button.pickUp'), ACTIONS.pickUp, id, 'primary')),
  ];
  const line = orderDrinkLine(lang, order);
  const blocks = [
    section(`${t('people.chat.order.placed', { drink: line })} — ${order.site.name} (#${id})`),
    context(facts.join('  ·  ')),
    ...when(buttons.length, actions(`order-${id}`, ...buttons)),
  ];
  return { text: `${line}: ${statusText(lang, status)}`, blocks };
}

/** The usual as the person is asked about it: its words, its site, what of it they avoid. */
export interface UsualShown {
  line: string;
  site: string;
  conflicts: DietTag[];
}

/**
 * "Order your usual: <drink> at <site>? [Order] [Change]", with what the drink contains that the
 * person avoids said before Order (this is the ask) and carried in Order's value.
 */
export function usualConfirmation(lang: Lang, usual: UsualShown, nonce: string): SlackMessage {
  const text = words(lang, 'people.chat.usual.confirm', { drink: usual.line, site: usual.site });
  const warning = dietWarning(lang, usual.conflicts);
  const order = button(words(lang, 'people.chat.button.order'), ACTIONS.orderUsual, withShown(nonce, usual.conflicts));
  const change = button(words(lang, 'people.chat.button.change'), ACTIONS.changeUsual, nonce);
  return {
    text: warning ? `${text} ${warning}` : text,
    blocks: [
      section(text),
      ...when(warning, section(`:warning: *${warning}*`)),
      actions('usual', { ...order, style: 'primary' }, change),
    ],
  };
}

/** The App Home tab: the usual with one tap, today's orders, the standing orders, one tap to order again. */
export function homeView(
  lang: Lang,
  home: {
    usual: UsualShown | null;
    today: (Order & { queue_at: number | null })[];
    standing: Block[];
    again: { order: Order; conflicts: DietTag[] }[];
    nonce: string;
  },
): SlackView {
  const t = (id: `people.${string}`, values?: PeopleValues) => words(lang, id, values);
  const title = (id: `people.${string}`) => section(`*${t(id)}*`);
  const { usual, nonce } = home;
  const divider = { type: 'divider' };
  const usualBlocks = usual
    ? [
        {
          ...section(marked(lang, `${usual.line} — ${usual.site}`, usual.conflicts)),
          block_id: 'home-usual',
          accessory: button(
            t('people.chat.button.order'),
            ACTIONS.orderUsual,
            withShown(nonce, usual.conflicts),
            'primary',
          ),
        },
        actions('home-standing-new', button(t('people.chat.standing.set'), ACTIONS.standingNew, nonce)),
      ]
    : [context(t('people.chat.usual.none'))];
  const today = home.today.map((o) => {
    const where = when(
      o.status === 'ordered' && o.queue_at !== null,
      t('people.chat.home.queuePlace', { place: o.queue_at ?? 0 }),
    );
    return context(
      [`${MARK[o.status]} ${orderDrinkLine(lang, o)} — *${statusText(lang, o.status)}*`, ...where].join('  ·  '),
    );
  });
  const again = home.again.map(({ order, conflicts }) => ({
    ...section(marked(lang, `${orderDrinkLine(lang, order)} — ${order.site.name}`, conflicts)),
    block_id: `again-${order.id}`,
    accessory: button(t('people.chat.button.orderAgain'), ACTIONS.again, withShown(`${order.id}:${nonce}`, conflicts)),
  }));
  return {
    type: 'home',
    blocks: [
      { type: 'header', text: plain(t('people.chat.home.title')) },
      ...[title('people.chat.home.usual'), ...usualBlocks, divider, title('people.chat.home.today')],
      ...(today.length ? today : [context(t('people.chat.home.noOrders'))]),
      ...[divider, title('people.chat.home.standing'), ...home.standing],
      ...when(again.length, divider, title('people.chat.home.again'), ...again),
    ],
  };
}
