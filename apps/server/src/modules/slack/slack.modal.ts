import {
  DRINK_TYPES,
  LIMITS,
  OrderCreateBodySchema,
  SWEETNESS_LEVELS,
  drinkTypeLabel,
  type Category,
  type DietTag,
  type Menu,
  type MenuOptionGroup,
  type OrderCreateBody,
  type SlotList,
} from '@cafe/shared';
import type { Block, SlackView } from './slack.api';
import { ACTIONS, ORDER_VIEW } from './slack.blocks';
import { conflictMark, drinkConflicts } from './slack.diet';
import { textsOf, type Lang } from './slack.texts';

/*
 * `/coffee <words>`: a modal with the web form's choices, built from the same shared enums and the
 * menu of the person's site (its option groups with their minimum and maximum, sold-out choices
 * left out and named), read back into the shared OrderCreateBody and checked with its schema.
 * Never free text parsed into a drink: the words only pick which item the modal opens on.
 */

/** What the modal carries between Slack and the server (private_metadata). */
export interface ModalState {
  siteId: number;
  menuId: number;
  tumblerImage: string;
  /** The person avoids something: the modal has the "place it anyway" box (block `diet`). */
  ask?: boolean;
}

/** The value of the ticked "I know what it contains, place it anyway" box. */
export const DIET_ANYWAY = 'anyway';

const plain = (text: string) => ({ type: 'plain_text', text: text.slice(0, 75) });
const option = (text: string, value: string) => ({ text: plain(text), value });

/** The items a person may order at the site now (served, not sold out, active). */
export function orderableItems(categories: readonly Category[]): Menu[] {
  return categories
    .filter((c) => c.isAvailable === 'available')
    .flatMap((c) => c.menu)
    .filter(
      (m) =>
        m.isActive === 'active' && m.isAvailable === 'available' && (m.atSite?.available ?? true) && !m.atSite?.soldOut,
    );
}

/** The item the words name best: one whose name holds them all, else the first. */
export function itemForWords(items: readonly Menu[], words: string): Menu | undefined {
  const wanted = words.toLowerCase().split(/\s+/).filter(Boolean);
  return items.find((m) => wanted.every((w) => m.name.toLowerCase().includes(w))) ?? items[0];
}

function groupBlock(lang: Lang, group: MenuOptionGroup): Block[] {
  const t = textsOf(lang);
  const open = group.choices.filter((c) => !c.soldOut);
  const soldOut = group.choices.filter((c) => c.soldOut);
  const blocks: Block[] = [];
  if (open.length > 0) {
    const options = open.map((c) => option(c.name, String(c.id)));
    const defaults = options.filter((_, i) => open[i]?.isDefault);
    const single = group.maxChoices === 1;
    blocks.push({
      type: 'input',
      block_id: `group-${group.id}`,
      optional: group.minChoices === 0,
      label: plain(group.name),
      hint: plain(t.chooseBetween(group.minChoices, group.maxChoices)),
      element: single
        ? {
            type: 'static_select',
            action_id: 'choice',
            options,
            ...(defaults[0] ? { initial_option: defaults[0] } : {}),
          }
        : {
            type: 'multi_static_select',
            action_id: 'choice',
            options,
            max_selected_items: Math.min(group.maxChoices, options.length),
            ...(defaults.length ? { initial_options: defaults } : {}),
          },
    });
  }
  if (soldOut.length > 0) {
    blocks.push({
      type: 'context',
      block_id: `soldout-${group.id}`,
      elements: [{ type: 'mrkdwn', text: `${group.name}: ${t.soldOutChoices(soldOut.map((c) => c.name).join(', '))}` }],
    });
  }
  return blocks;
}

/** The order modal for `item`, the person's recent tumbler photo carried along. */
export function orderModal(
  lang: Lang,
  input: { items: readonly Menu[]; item: Menu; slots: SlotList; state: ModalState; avoids?: readonly DietTag[] },
): SlackView {
  const t = textsOf(lang);
  const { item } = input;
  const avoids = input.avoids ?? [];
  // An item whose own tags conflict is marked in its name ("Latte ⚠ milk"): marked, never hidden.
  const named = (m: Menu) => {
    const mark = conflictMark(lang, drinkConflicts(avoids, m));
    return mark ? `${m.name}  ${mark}` : m.name;
  };
  const itemOptions = input.items.map((m) => option(named(m), String(m.id)));
  const blocks: Block[] = [
    {
      type: 'input',
      block_id: 'item',
      dispatch_action: true,
      label: plain(t.item),
      element: {
        type: 'static_select',
        action_id: ACTIONS.modalItem,
        options: itemOptions.slice(0, 100),
        initial_option: option(named(item), String(item.id)),
      },
    },
    {
      type: 'input',
      block_id: 'type',
      label: plain(t.type),
      element: {
        type: 'static_select',
        action_id: 'type',
        options: DRINK_TYPES.map((d) => option(drinkTypeLabel(d), d)),
      },
    },
    {
      type: 'input',
      block_id: 'sweetness',
      label: plain(t.sweetness),
      element: {
        type: 'static_select',
        action_id: 'sweetness',
        options: SWEETNESS_LEVELS.map((s) => option(`${s}%`, String(s))),
        initial_option: option('100%', '100'),
      },
    },
    ...(item.optionGroups ?? []).flatMap((g) => groupBlock(lang, g)),
    {
      type: 'input',
      block_id: 'remark',
      optional: true,
      label: plain(t.remark),
      element: { type: 'plain_text_input', action_id: 'remark', max_length: LIMITS.remarkMax },
    },
    {
      type: 'input',
      block_id: 'when',
      label: plain(t.when),
      element: {
        type: 'static_select',
        action_id: 'when',
        options: [option(t.now, 'now'), ...input.slots.slots.slice(0, 99).map((s) => option(s.time, s.start))],
        initial_option: option(t.now, 'now'),
      },
    },
  ];
  if (avoids.length > 0) {
    blocks.push({
      type: 'input',
      block_id: 'diet',
      optional: true,
      label: plain(t.dietLabel),
      element: {
        type: 'checkboxes',
        action_id: 'diet',
        options: [option(t.dietConfirm, DIET_ANYWAY)],
      },
    });
  }
  return {
    type: 'modal',
    callback_id: ORDER_VIEW,
    title: plain(t.modalTitle),
    submit: plain(t.submit),
    close: plain(t.close),
    private_metadata: JSON.stringify(input.state),
    blocks,
  };
}

/** Whether the "place it anyway" box is ticked. */
export const dietTicked = (values: StateValues): boolean =>
  Object.values(values.diet ?? {}).some((a) => (a.selected_options ?? []).some((o) => o.value === DIET_ANYWAY));

type StateValues = Record<
  string,
  Record<
    string,
    { selected_option?: { value: string } | null; selected_options?: { value: string }[]; value?: string | null }
  >
>;

/**
 * The modal's answers as the shared OrderCreateBody, checked with its schema: the body, or the
 * errors per block (Slack's `response_action: errors`).
 */
export function readSubmission(
  values: StateValues,
  state: ModalState,
): { body: OrderCreateBody } | { errors: Record<string, string> } {
  const one = (block: string) => Object.values(values[block] ?? {})[0];
  const chosen: { choiceId: number }[] = [];
  for (const [blockId, actions] of Object.entries(values)) {
    if (!blockId.startsWith('group-')) continue;
    const answer = Object.values(actions)[0];
    const picked = answer?.selected_options ?? (answer?.selected_option ? [answer.selected_option] : []);
    for (const p of picked) chosen.push({ choiceId: Number(p.value) });
  }
  const when = one('when')?.selected_option?.value;
  const sweetness = one('sweetness')?.selected_option?.value;
  const remark = one('remark')?.value ?? undefined;
  const candidate = {
    menu_id: Number(one('item')?.selected_option?.value ?? state.menuId),
    type: one('type')?.selected_option?.value,
    sweetness: sweetness === undefined ? undefined : Number(sweetness),
    ...(remark ? { remark } : {}),
    tumblerImage: state.tumblerImage,
    siteId: state.siteId,
    options: chosen,
    ...(when && when !== 'now' ? { pickupAt: when } : {}),
  };
  const parsed = OrderCreateBodySchema.safeParse(candidate);
  if (parsed.success) return { body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    const block = field === 'menu_id' ? 'item' : field === 'pickupAt' ? 'when' : field === 'options' ? 'item' : field;
    if (['item', 'type', 'sweetness', 'remark', 'when'].includes(block)) errors[block] ??= issue.message;
    else errors.item ??= issue.message;
  }
  return { errors };
}
