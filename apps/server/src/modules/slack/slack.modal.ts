import { DRINK_TYPES, LIMITS, OrderCreateBodySchema, SWEETNESS_LEVELS } from '@cafe/shared';
import type { MenuEntry, MenuOptionGroup, OrderCreateBody, SlotList } from '@cafe/shared';
import { say } from '../../lib/people-texts';
import type { Block, SlackView } from './slack.api';
import { ACTIONS, DIET_ANYWAY, ORDER_VIEW, context, dietBox, input, marked, modal } from './slack.blocks';
import { option, picked, plain, select, when, words, type Lang, type StateValues } from './slack.blocks';

/*
 * `/coffee <words>`: a modal with the web form's choices, listing what the ordering door's `menuFor`
 * says the person may order now, or for later when there are pickup slots; read back into the
 * shared OrderCreateBody. Never free text parsed into a drink: the words only pick the item.
 */

/** What the modal carries between Slack and the server (private_metadata). */
export interface ModalState {
  siteId: number;
  menuId: number;
  /** The person's recent tumbler photo ('' without one). */
  tumblerImage: string;
  /** The person avoids something: the modal has the "place it anyway" box (block `diet`). */
  ask?: boolean;
}

/** The items the modal lists: orderable now, or for later when the site has slots to choose. */
export const listedOf = (entries: readonly MenuEntry[], slots: SlotList): MenuEntry[] =>
  entries.filter((e) => e.now === null || (slots.slots.length > 0 && e.later === null));

/** Whether an entry is the one the words name: its name holds them all. */
export function entryForWords(text: string): (entry: MenuEntry) => boolean {
  const wanted = text.toLowerCase().split(/\s+/).filter(Boolean);
  return (entry) => wanted.every((w) => entry.item.name.toLowerCase().includes(w));
}

/** A group of options: its choices with their minimum and maximum, the sold-out ones left out and named. */
function groupBlocks(lang: Lang, group: MenuOptionGroup): Block[] {
  const { id, name, minChoices: min, maxChoices: max } = group;
  const open = group.choices.filter((c) => !c.soldOut);
  const soldOut = group.choices.filter((c) => c.soldOut).map((c) => c.name);
  const options = open.map((c) => option(c.name, String(c.id)));
  const defaults = options.filter((_, i) => open[i]?.isDefault);
  const many = { type: 'multi_static_select', options, max_selected_items: Math.min(max, options.length) };
  const element = max === 1 ? select(options, defaults[0]) : { ...many, initial_options: defaults };
  const hint =
    min === max
      ? words(lang, 'people.chat.modal.chooseExactly', { count: min })
      : words(lang, 'people.chat.modal.chooseBetween', { min, max });
  const gone = `${name}: ${words(lang, 'people.chat.modal.soldOutChoices', { names: soldOut.join(', ') })}`;
  return [
    ...when(options.length, {
      ...input(`group-${id}`, name, { ...element, action_id: 'choice' }, min === 0),
      hint: plain(hint),
    }),
    ...when(soldOut.length, { ...context(gone), block_id: `soldout-${id}` }),
  ];
}

/**
 * The order modal on `entry`, each item marked with what it contains as it comes that the person
 * avoids; "as soon as possible" when the item may be ordered now (else why not), the pickup times;
 * `note` on top: why the item the words named cannot be ordered.
 */
export function orderModal(
  lang: Lang,
  view: { listed: readonly MenuEntry[]; entry: MenuEntry; slots: SlotList; state: ModalState; note: string | null },
): SlackView {
  const { entry, state, note } = view;
  const t = (id: `people.chat.modal.${string}`) => words(lang, id);
  const named = (e: MenuEntry) => {
    const name = e.now ? `${e.item.name} (${t('people.chat.modal.laterOnly')})` : e.item.name;
    return option(marked(lang, name, e.conflicts), String(e.item.id));
  };
  const times = [
    ...when(!entry.now, option(t('people.chat.modal.now'), 'now')),
    ...view.slots.slots.slice(0, 99).map((s) => option(s.time, s.start)),
  ];
  const items = { ...select(view.listed.slice(0, 100).map(named), named(entry)), action_id: ACTIONS.modalItem };
  const types = DRINK_TYPES.map((d) => option(words(lang, `people.chat.type.${d}`), d));
  const sweetness = SWEETNESS_LEVELS.map((s) => option(`${s}%`, String(s)));
  return modal(lang, ORDER_VIEW, 'people.chat.modal.title', 'people.chat.modal.submit', state, [
    ...when(note, context(`:warning: ${note}`)),
    { ...input('item', t('people.chat.modal.item'), items), dispatch_action: true },
    input('type', t('people.chat.modal.type'), select(types)),
    input('sweetness', t('people.chat.modal.sweetness'), select(sweetness, option('100%', '100'))),
    ...(entry.item.optionGroups ?? []).flatMap((g) => groupBlocks(lang, g)),
    input('remark', t('people.chat.modal.remark'), { type: 'plain_text_input', max_length: LIMITS.remarkMax }, true),
    input('when', t('people.chat.modal.when'), select(times, times[0])),
    ...when(entry.now, context(entry.now ? say(lang, entry.now.text) : '')),
    ...when(state.ask, dietBox(lang)),
  ]);
}

/** What a person is asked to fix in each block (never the schema's words: they name fields). */
const ASK: Record<string, `people.chat.modal.${string}`> = {
  item: 'people.chat.modal.chooseDrink',
  type: 'people.chat.modal.chooseType',
  sweetness: 'people.chat.modal.chooseSweetness',
  remark: 'people.chat.modal.remarkTooLong',
  when: 'people.chat.modal.chooseWhen',
};
const BLOCK_OF: Record<string, string> = { type: 'type', sweetness: 'sweetness', remark: 'remark', pickupAt: 'when' };

/**
 * The modal's answers as the shared OrderCreateBody (the "place it anyway" box as `dietConfirmed`),
 * checked with its schema: the body, or what to fix per block (Slack's `response_action: errors`).
 */
export function readSubmission(
  lang: Lang,
  values: StateValues,
  state: ModalState,
): { body: OrderCreateBody } | { errors: Record<string, string> } {
  const [sweetness, when_, remark] = [picked(values, 'sweetness')[0], picked(values, 'when')[0], values.remark];
  const text = Object.values(remark ?? {})[0]?.value;
  const parsed = OrderCreateBodySchema.safeParse({
    menu_id: Number(picked(values, 'item')[0] ?? state.menuId),
    type: picked(values, 'type')[0],
    sweetness: sweetness === undefined ? undefined : Number(sweetness),
    ...(text ? { remark: text } : {}),
    tumblerImage: state.tumblerImage,
    siteId: state.siteId,
    options: Object.keys(values)
      .filter((block) => block.startsWith('group-'))
      .flatMap((block) => picked(values, block).map((value) => ({ choiceId: Number(value) }))),
    ...(when_ && when_ !== 'now' ? { pickupAt: when_ } : {}),
    dietConfirmed: picked(values, 'diet').includes(DIET_ANYWAY),
  });
  if (parsed.success) return { body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const block = BLOCK_OF[String(issue.path[0])] ?? 'item';
    errors[block] ??= words(lang, ASK[block] ?? 'people.chat.modal.chooseDrink', { max: LIMITS.remarkMax });
  }
  return { errors };
}
