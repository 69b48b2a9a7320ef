import { StandingOrderCreateBodySchema, type StandingOrderCreateBody } from '@cafe/shared';
import type { ZodType } from 'zod';
import type { Form } from '../chat/conversation';
import { formFields, type Answers, type Field } from '../chat/order-form';
import { ACTIONS, DIET_ANYWAY, ORDER_VIEW, STANDING_VIEW, WEEK, context, dayName, dietWarning } from './slack.blocks';
import { plain, section, slackText, when, type Block, type Id, type UsualShown, type Words } from './slack.blocks';

/*
 * The two modals, `/coffee <words>` (the shared order form, chat/order-form.ts) and "Set a standing
 * order", and their answers: the order's as they are given (the conversation reads them), the
 * standing order's read back into the contract's body. No free text is parsed into a drink: the
 * words only pick the item.
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
const modal = (w: Words, callback_id: string, title: Id, submit: Id, blocks: Block[]): Block => {
  const [titleText, submitText, close] = [title, submit, 'people.chat.modal.close' as const].map((id) => plain(w(id)));
  return { type: 'modal', callback_id, title: titleText, submit: submitText, close, blocks };
};

export { entryForWords } from '../../lib/chat-words';

/**
 * A question of the order form in Slack's inputs (its block id and action id its name): a select,
 * a multi-select of at most its `max`, a text of at most its `max` characters, or a checkbox; what
 * it holds chosen, its limits as its hint. Choosing another item reloads the modal on it. The line
 * under it (sold-out choices, why only later) is a context; a group with nothing left shows only that.
 */
function fieldBlocks(f: Field): Block[] {
  const options = f.items.map((i) => option(i.text, i.value));
  const chosen = options.filter((o) => f.chosen.includes(o.value));
  const initial = chosen.length > 0 ? { initial_options: chosen } : {};
  const element = {
    one: select(options, chosen[0]),
    many: { type: 'multi_static_select', options, ...initial, max_selected_items: f.max },
    text: { type: 'plain_text_input', max_length: f.max, ...(f.chosen[0] && { initial_value: f.chosen[0] }) },
    switch: { type: 'checkboxes', options, ...initial },
  }[f.kind];
  const reloads = f.reloads && { action_id: ACTIONS.modalItem };
  return [
    ...when(options.length > 0 || f.kind === 'text', {
      ...input(f.name, f.label, { ...element, ...reloads }, f.optional),
      ...(f.hint && { hint: plain(f.hint) }),
      ...(f.reloads && { dispatch_action: true }),
    }),
    ...when(f.after, context(slackText(f.after ?? ''), { block_id: `after-${f.name}` })),
  ];
}

/**
 * The order modal on `form.entry`: the order form's questions, and on top `form.note`, why the item
 * the words named cannot be ordered.
 */
export function orderModal(w: Words, form: Form) {
  return modal(w, ORDER_VIEW, 'people.chat.modal.title', 'people.chat.modal.submit', [
    ...when(form.note, context(`:warning: ${slackText(form.note ?? '')}`)),
    ...formFields(w, form).flatMap(fieldBlocks),
  ]);
}

/** "Set a standing order" for the usual: the days (Monday to Friday ticked) and one of the site's slot times. */
export function standingModal(w: Words, siteName: string, usual: UsualShown | null, times: string[]) {
  const days = WEEK.map((d) => option(dayName(w, d), String(d)));
  const slots = times.slice(0, 100).map((time) => option(time, time));
  const initial = slots.find((o) => o.value === '09:30') ?? slots[0];
  const weekdays = { type: 'checkboxes', options: days, initial_options: days.slice(0, 5) };
  const anyway = { type: 'checkboxes', options: [option(w('people.diet.confirm'), DIET_ANYWAY)] };
  return modal(w, STANDING_VIEW, 'people.chat.standing.title', 'people.chat.standing.save', [
    usual
      ? section(w('people.chat.standing.drink', { line: slackText(usual.line) }))
      : context(w('people.chat.usual.none')),
    input('weekdays', w('people.chat.standing.days'), weekdays),
    initial
      ? input('time', w('people.chat.standing.time'), select(slots, initial))
      : context(slackText(w('people.standing.noSite', { site: siteName }))),
    ...when(
      usual?.conflicts.length,
      context(`:warning: *${dietWarning(w, usual?.conflicts ?? [])}*`),
      input('diet', w('people.chat.modal.dietLabel'), anyway, true),
    ),
  ]);
}

/** A modal's values as submitted: each block's input (one action in each), by block id. */
export type ViewValues = Record<string, Record<string, Answer>>;
type Answer = {
  selected_option?: { value: string } | null;
  selected_options?: { value: string }[];
  value?: string | null;
};
/** What a modal's answers become: the contract's body, or what to fix per block (Slack's `response_action: errors`). */
export type Read<T> = { body: T } | { errors: Record<string, string> };

/** The values given in each block: a select's one, a multi-select's or the checkboxes' several, a text. */
export function answersOf(values: ViewValues): Answers {
  return Object.fromEntries(
    Object.entries(values).map(([block, actions]) => {
      const answer = Object.values(actions ?? {})[0];
      const one = answer?.selected_option?.value ?? answer?.value;
      return [block, answer?.selected_options?.map((o) => o.value) ?? (one ? [one] : [])];
    }),
  );
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

/** The standing-order modal's answers as a POST /standing-orders body of the usual at `siteId`. */
export function readStanding(w: Words, values: ViewValues, siteId: number): Read<StandingOrderCreateBody> {
  const given = answersOf(values);
  const body = {
    siteId,
    weekdays: (given.weekdays ?? []).map(Number),
    time: given.time?.[0] ?? '',
    dietConfirmed: (given.diet ?? []).includes(DIET_ANYWAY),
  };
  return checked(StandingOrderCreateBodySchema, body, (field) =>
    field === 'time'
      ? ['time', w('people.chat.standing.chooseTime')]
      : ['weekdays', w('people.chat.standing.chooseDays')],
  );
}
