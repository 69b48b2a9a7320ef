import {
  DRINK_TYPES,
  LIMITS,
  OrderCreateBodySchema,
  StandingOrderCreateBodySchema,
  SWEETNESS_LEVELS,
} from '@cafe/shared';
import type { MenuEntry, MenuOptionGroup, OrderCreateBody, SlotList, StandingOrderCreateBody } from '@cafe/shared';
import type { ZodType } from 'zod';
import {
  ACTIONS,
  DIET_ANYWAY,
  ORDER_VIEW,
  STANDING_VIEW,
  WEEK,
  context,
  dayName,
  dietWarning,
  entryMarked,
} from './slack.blocks';
import { plain, section, slackText, when, type Block, type Id, type UsualShown, type Words } from './slack.blocks';

/*
 * The two modals, `/coffee <words>` (the web form's choices) and "Set a standing order", and their
 * answers read back into the contract's bodies. No free text is parsed into a drink: the words
 * only pick the item.
 */

const option = (text: string, value: string) => ({ text: plain(text), value });
const input = (block_id: string, label: string, element: Block, optional = false): Block => ({
  type: 'input',
  block_id,
  optional,
  label: plain(label),
  element: { action_id: block_id, ...element },
});
// No initial option: Slack shows its placeholder.
const select = (options: Block[], initial?: Block): Block => ({
  type: 'static_select',
  options,
  ...(initial && { initial_option: initial }),
});
const dietBox = (w: Words) => {
  const box = { type: 'checkboxes', options: [option(w('people.diet.confirm'), DIET_ANYWAY)] };
  return input('diet', w('people.chat.modal.dietLabel'), box, true);
};
const modal = (w: Words, callback_id: string, title: Id, submit: Id, blocks: Block[]): Block => {
  const [titleText, submitText, close] = [title, submit, 'people.chat.modal.close' as const].map((id) => plain(w(id)));
  return { type: 'modal', callback_id, title: titleText, submit: submitText, close, blocks };
};

export { entryForWords, listedOf } from '../../lib/chat-words';

/** A group of options: its choices with their minimum and maximum, the sold-out ones left out and named. */
function groupBlocks(w: Words, { id, name, minChoices: min, maxChoices: max, choices }: MenuOptionGroup): Block[] {
  const open = choices.filter((c) => !c.soldOut);
  const soldOut = choices.filter((c) => c.soldOut).map((c) => c.name);
  const options = open.map((c) => option(c.name, String(c.id)));
  const defaults = options.filter((_, i) => open[i]?.isDefault);
  const many = {
    type: 'multi_static_select',
    options,
    initial_options: defaults,
    max_selected_items: Math.min(max, options.length),
  };
  const hint =
    min === max
      ? w('people.chat.modal.chooseExactly', { count: min })
      : w('people.chat.modal.chooseBetween', { min, max });
  const element = { ...(max === 1 ? select(options, defaults[0]) : many), action_id: 'choice' };
  const gone = `${name}: ${w('people.chat.modal.soldOutChoices', { names: soldOut.join(', ') })}`;
  return [
    ...when(options.length, { ...input(`group-${id}`, name, element, min === 0), hint: plain(hint) }),
    ...when(soldOut.length, context(slackText(gone), { block_id: `soldout-${id}` })),
  ];
}

/**
 * The order modal on `entry`, each item marked with what it contains as it comes that the person
 * avoids; "as soon as possible" when the item may be ordered now (else why not), the pickup times;
 * `note` on top: why the item the words named cannot be ordered.
 */
export function orderModal(
  w: Words,
  listed: MenuEntry[],
  entry: MenuEntry,
  slots: SlotList,
  note: string | null,
  ask: boolean,
) {
  const named = (e: MenuEntry) => {
    const name = e.now ? `${e.item.name} (${w('people.chat.modal.laterOnly')})` : e.item.name;
    return option(entryMarked(w, name, e), String(e.item.id));
  };
  const times = [
    ...when(!entry.now, option(w('people.chat.modal.now'), 'now')),
    ...slots.slots.slice(0, 99).map((s) => option(s.time, s.start)),
  ];
  const items = { ...select(listed.slice(0, 100).map(named), named(entry)), action_id: ACTIONS.modalItem };
  const types = DRINK_TYPES.map((d) => option(w(`people.chat.type.${d}`), d));
  const sweetness = SWEETNESS_LEVELS.map((s) => option(`${s}%`, String(s)));
  const remark = { type: 'plain_text_input', max_length: LIMITS.remarkMax };
  return modal(w, ORDER_VIEW, 'people.chat.modal.title', 'people.chat.modal.submit', [
    ...when(note, context(`:warning: ${slackText(note ?? '')}`)),
    { ...input('item', w('people.chat.modal.item'), items), dispatch_action: true },
    input('type', w('people.chat.modal.type'), select(types)),
    input('sweetness', w('people.chat.modal.sweetness'), select(sweetness, option('100%', '100'))),
    ...(entry.item.optionGroups ?? []).flatMap((g) => groupBlocks(w, g)),
    input('remark', w('people.chat.modal.remark'), remark, true),
    input('when', w('people.chat.modal.when'), select(times, times[0])),
    ...when(entry.now, context(entry.now ? slackText(w(entry.now.text)) : '')),
    ...when(ask, dietBox(w)),
  ]);
}

/** "Set a standing order" for the usual: the days (Monday to Friday ticked) and one of the site's slot times. */
export function standingModal(w: Words, siteName: string, usual: UsualShown | null, times: string[]) {
  const days = WEEK.map((d) => option(dayName(w, d), String(d)));
  const slots = times.slice(0, 100).map((time) => option(time, time));
  const initial = slots.find((o) => o.value === '09:30') ?? slots[0];
  const weekdays = { type: 'checkboxes', options: days, initial_options: days.slice(0, 5) };
  return modal(w, STANDING_VIEW, 'people.chat.standing.title', 'people.chat.standing.save', [
    usual
      ? section(w('people.chat.standing.drink', { line: slackText(usual.line) }))
      : context(w('people.chat.usual.none')),
    input('weekdays', w('people.chat.standing.days'), weekdays),
    initial
      ? input('time', w('people.chat.standing.time'), select(slots, initial))
      : context(slackText(w('people.standing.noSite', { site: siteName }))),
    ...when(usual?.conflicts.length, context(`:warning: *${dietWarning(w, usual?.conflicts ?? [])}*`), dietBox(w)),
  ]);
}

/** A modal's answers as submitted, block by block. */
export type Answers = Record<string, Record<string, Answer>>;
type Answer = {
  selected_option?: { value: string } | null;
  selected_options?: { value: string }[];
  value?: string | null;
};
/** What a modal's answers become: the contract's body, or what to fix per block (Slack's `response_action: errors`). */
export type Read<T> = { body: T } | { errors: Record<string, string> };

/** The values given in a block: a select's one, a multi-select's or the checkboxes' several, a text. */
function picked(values: Answers, block: string): string[] {
  const answer = Object.values(values[block] ?? {})[0];
  const one = answer?.selected_option?.value ?? answer?.value;
  return answer?.selected_options?.map((o) => o.value) ?? (one ? [one] : []);
}

/** Answers checked with the contract's schema; a problem said once per block, in the person's words. */
function checked<T>(schema: ZodType<T>, body: unknown, fix: (field: string) => [string, string]): Read<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [block, text] = fix(String(issue.path[0]));
    errors[block] ??= text;
  }
  return { errors };
}

/** The fields of an order a person is asked to fix, by the block that asks them (never the schema's words). */
const ORDER_FIXES: Record<string, [string, Id]> = {
  type: ['type', 'people.chat.modal.chooseType'],
  sweetness: ['sweetness', 'people.chat.modal.chooseSweetness'],
  remark: ['remark', 'people.chat.modal.remarkTooLong'],
  pickupAt: ['when', 'people.chat.modal.chooseWhen'],
};

/** The order modal's answers as the shared OrderCreateBody, at `siteId` with the `tumblerImage`. */
export function readOrder(
  w: Words,
  values: Answers,
  at: { siteId: number; tumblerImage: string },
): Read<OrderCreateBody> {
  const [item, type, sweetness, remark, time] = ['item', 'type', 'sweetness', 'remark', 'when'].map(
    (b) => picked(values, b)[0],
  );
  const options = Object.keys(values).filter((block) => block.startsWith('group-'));
  const body = {
    ...at,
    menu_id: Number(item),
    type,
    sweetness: sweetness === undefined ? undefined : Number(sweetness),
    remark: remark || undefined,
    options: options.flatMap((block) => picked(values, block).map((value) => ({ choiceId: Number(value) }))),
    pickupAt: time === 'now' ? undefined : time,
    dietConfirmed: picked(values, 'diet').includes(DIET_ANYWAY),
  };
  return checked(OrderCreateBodySchema, body, (field) => {
    const [block, text] = ORDER_FIXES[field] ?? ['item', 'people.chat.modal.chooseDrink'];
    return [block, w(text, { max: LIMITS.remarkMax })];
  });
}

/** The standing-order modal's answers as a POST /standing-orders body of the usual at `siteId`. */
export function readStanding(w: Words, values: Answers, siteId: number): Read<StandingOrderCreateBody> {
  const body = {
    siteId,
    weekdays: picked(values, 'weekdays').map(Number),
    time: picked(values, 'time')[0] ?? '',
    dietConfirmed: picked(values, 'diet').includes(DIET_ANYWAY),
  };
  return checked(StandingOrderCreateBodySchema, body, (field) =>
    field === 'time'
      ? ['time', w('people.chat.standing.chooseTime')]
      : ['weekdays', w('people.chat.standing.chooseDays')],
  );
}
