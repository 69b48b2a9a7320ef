import { DRINK_TYPES, LIMITS, OrderCreateBodySchema, SWEETNESS_LEVELS } from '@cafe/shared';
import type { MenuEntry, MenuOptionGroup, OrderCreateBody } from '@cafe/shared';
import { entryMarked, type Id, type Words } from '../../lib/chat-words';
import type { Form } from './conversation';

/*
 * The order form every chat shows (Slack's modal, Teams' and Google Chat's cards), as questions in
 * the person's words, and the answers read back into the contract's body: written once, so each
 * adapter only draws a question in its platform's inputs and hands back what was given.
 */

/** One question of the form. */
export interface Field {
  /** Its input's name, and the answer's key: item, type, sweetness, group-<id>, remark, when, diet. */
  name: string;
  label: string;
  /** One choice (a list), several (an option group with more than one), free text, or a switch. */
  kind: 'one' | 'many' | 'text' | 'switch';
  items: { text: string; value: string }[];
  /** What it holds: the answer given before, else the default. */
  chosen: string[];
  /** It may be left empty. */
  optional: boolean;
  /** What to fix when it is left empty (the lists every order needs). */
  missing?: Id;
  /** How many it takes: an option group's limits (the door checks them). */
  hint?: string;
  /** The most: choices of a group, characters of the remark. */
  max?: number;
  /** A line under it: a group's sold-out choices, or why the drink is only for later. */
  after?: string;
  /** Choosing another item shows its own form (its option groups). */
  reloads?: boolean;
}

/** What a form's inputs hold: each input's values (none, one, or a group's several). */
export type Answers = Record<string, string[]>;
/** The value of the diet switch ticked: "I know what it contains. Place it anyway." */
export const DIET_ANYWAY = 'anyway';

const field = (f: Omit<Field, 'optional' | 'chosen'> & Partial<Field>): Field => ({
  optional: false,
  chosen: [],
  ...f,
});
const item = (text: string, value: string) => ({ text, value });

function groupFields(w: Words, group: MenuOptionGroup, given: Answers): Field[] {
  const { id, name, minChoices: min, maxChoices: max } = group;
  const open = group.choices.filter((c) => !c.soldOut);
  const soldOut = group.choices.filter((c) => c.soldOut).map((c) => c.name);
  const hint =
    min === max
      ? w('people.chat.modal.chooseExactly', { count: min })
      : w('people.chat.modal.chooseBetween', { min, max });
  const after = soldOut.length
    ? w('people.chat.modal.soldOutChoices', { group: name, names: soldOut.join(', ') })
    : undefined;
  const key = `group-${id}`;
  if (open.length === 0) return after ? [field({ name: key, label: name, kind: 'one', items: [], after })] : [];
  return [
    field({
      name: key,
      label: name,
      kind: max > 1 ? 'many' : 'one',
      items: open.map((c) => item(c.name, String(c.id))),
      chosen: given[key] ?? open.filter((c) => c.isDefault).map((c) => String(c.id)),
      optional: min === 0,
      hint,
      max: Math.min(max, open.length),
      after,
    }),
  ];
}

/**
 * The questions of the order form on `form.entry`, the answers `given` kept: the items (each marked
 * with what it contains that the person avoids, or why only for later), type, sweetness, the item's
 * option groups (their sold-out choices named), remark, now (when it may be ordered now) or a pickup
 * time, and the diet switch when the person avoids something.
 */
export function formFields(w: Words, form: Form, given: Answers = {}): Field[] {
  const { entry } = form;
  const named = (e: MenuEntry) =>
    item(
      entryMarked(w, e.now ? `${e.item.name} (${w('people.chat.modal.laterOnly')})` : e.item.name, e),
      String(e.item.id),
    );
  const times = [
    ...(entry.now ? [] : [item(w('people.chat.modal.now'), 'now')]),
    ...form.slots.slots.slice(0, 99).map((s) => item(s.time, s.start)),
  ];
  const chosen = (name: string, ...fallback: string[]) => given[name] ?? fallback.filter(Boolean);
  return [
    field({
      name: 'item',
      label: w('people.chat.modal.item'),
      kind: 'one',
      items: form.listed.slice(0, 100).map(named),
      chosen: [String(entry.item.id)],
      missing: 'people.chat.modal.chooseDrink',
      reloads: true,
    }),
    field({
      name: 'type',
      label: w('people.chat.modal.type'),
      kind: 'one',
      items: DRINK_TYPES.map((d) => item(w(`people.chat.type.${d}`), d)),
      chosen: chosen('type'),
      missing: 'people.chat.modal.chooseType',
    }),
    field({
      name: 'sweetness',
      label: w('people.chat.modal.sweetness'),
      kind: 'one',
      items: SWEETNESS_LEVELS.map((s) => item(`${s}%`, String(s))),
      chosen: chosen('sweetness', '100'),
      missing: 'people.chat.modal.chooseSweetness',
    }),
    ...(entry.item.optionGroups ?? []).flatMap((g) => groupFields(w, g, given)),
    field({
      name: 'remark',
      label: w('people.chat.modal.remark'),
      kind: 'text',
      items: [],
      chosen: chosen('remark'),
      optional: true,
      max: LIMITS.remarkMax,
    }),
    field({
      name: 'when',
      label: w('people.chat.modal.when'),
      kind: 'one',
      items: times,
      chosen: chosen('when', times[0]?.value ?? ''),
      missing: 'people.chat.modal.chooseWhen',
      after: entry.now ? w(entry.now.text) : undefined,
    }),
    ...(form.ask
      ? [
          field({
            name: 'diet',
            label: w('people.chat.modal.dietLabel'),
            kind: 'switch',
            items: [item(w('people.diet.confirm'), DIET_ANYWAY)],
            chosen: chosen('diet'),
            optional: true,
          }),
        ]
      : []),
  ];
}

/** The fields of an order a person is asked to fix, by the question that asks them (never the schema's words). */
const FIXES: Record<string, [string, Id]> = {
  type: ['type', 'people.chat.modal.chooseType'],
  sweetness: ['sweetness', 'people.chat.modal.chooseSweetness'],
  remark: ['remark', 'people.chat.modal.remarkTooLong'],
  pickupAt: ['when', 'people.chat.modal.chooseWhen'],
};

/**
 * The form's answers as the shared order body at the person's site with their tumbler photo, or
 * what to fix and in which question (`field`: the input's name).
 */
export function readForm(
  w: Words,
  given: Answers,
  at: { siteId: number; tumblerImage: string },
): { body: OrderCreateBody } | { fix: string; field: string } {
  const one = (key: string) => given[key]?.[0] || undefined;
  const sweetness = one('sweetness');
  const parsed = OrderCreateBodySchema.safeParse({
    ...at,
    menu_id: Number(one('item')),
    type: one('type'),
    sweetness: sweetness === undefined ? undefined : Number(sweetness),
    remark: one('remark'),
    options: Object.entries(given)
      .flatMap(([key, ids]) => (key.startsWith('group-') ? ids.filter(Boolean) : []))
      .map((id) => ({ choiceId: Number(id) })),
    pickupAt: one('when') === 'now' ? undefined : one('when'),
    dietConfirmed: (given.diet ?? []).includes(DIET_ANYWAY),
  });
  if (parsed.success) return { body: parsed.data };
  const [name, fix] = FIXES[String(parsed.error.issues[0]?.path[0])] ?? ['item', 'people.chat.modal.chooseDrink'];
  return { field: name, fix: w(fix, { max: LIMITS.remarkMax }) };
}
