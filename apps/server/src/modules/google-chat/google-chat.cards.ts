import { randomUUID } from 'node:crypto';
import { clockTimeText, DRINK_TYPES, LIMITS, OrderCreateBodySchema, SWEETNESS_LEVELS, tagsValue } from '@cafe/shared';
import type { Order } from '@cafe/shared';
import { dietWarning, entryMarked, marked, orderLine, statusText } from '../../lib/chat-words';
import type { OpenRuns, Words } from '../../lib/chat-words';
import type { Again, Form, UsualOffer } from '../chat/conversation';

/*
 * What Google Chat shows (cards v2, docs/api/google-chat.md), every sentence the people catalogue's.
 * A card's text is HTML to Chat: each sentence is escaped, so a name or a note shows as written.
 * A button's action is its `function` and parameters (a nonce: one order per button).
 */

type Widget = Record<string, unknown>;
export type Section = { header?: string; widgets: Widget[] };
export type Message = { text?: string; cardsV2?: { cardId: string; card: { sections: Section[] } }[] };
/** What a card's inputs hold (`common.formInputs`): each input's values. */
export type Inputs = Record<string, string[]>;

const REMARK = { max: LIMITS.remarkMax };
const html = (words: string) => words.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
const BOLD = ['<b>', '</b>'] as const;
const WARN = ['<font color="#b00020"><b>', '</b></font>'] as const;
const text = (words: string, [open, close]: readonly string[] = ['', '']) => ({
  textParagraph: { text: `${open}${html(words)}${close}` },
});
const when = <T>(condition: unknown, ...items: T[]): T[] => (condition ? items : []);
const action = (name: string, params: Record<string, string> = {}) => ({
  function: name,
  parameters: Object.entries(params).map(([key, value]) => ({ key, value })),
});
const button = (label: string, name: string, params: Record<string, string>) => ({
  text: label,
  onClick: { action: action(name, params) },
});
const link = (label: string, url: string) => ({ text: label, onClick: { openLink: { url } } });
const buttons = (...list: Widget[]) => when(list.length, { buttonList: { buttons: list } });
const select = (name: string, label: string, items: string[][], chosen: string[], more: Widget = {}) => ({
  selectionInput: {
    name,
    label,
    type: 'DROPDOWN',
    items: items.map(([words = '', value = '']) => ({ text: words, value, selected: chosen.includes(value) })),
    ...more,
  },
});

/** A message of one card, of the sections that have something to show. */
export const card = (...sections: Section[]): Message => ({
  cardsV2: [{ cardId: 'cafe', card: { sections: sections.filter((s) => s.widgets.length > 0) } }],
});

/** "Order your usual: <drink> at <site>?", what of it the person avoids first, and Order. */
export const usualSection = (w: Words, usual: UsualOffer, note: string | null = null): Section => ({
  widgets: [
    ...when(note, text(note ?? '', WARN)),
    ...when(usual.conflicts.length, text(dietWarning(w, usual.conflicts), WARN)),
    text(w('people.line.usual.confirm', { drink: usual.line, site: usual.site })),
    ...buttons(
      button(w('people.chat.button.order'), 'usual', { nonce: usual.nonce, shown: tagsValue(usual.conflicts) }),
    ),
  ],
});

/** "Order again": the last different drinks, what of each the person avoids marked, each with its button. */
export const againSection = (w: Words, again: Again[]): Section => ({
  header: html(w('people.chat.home.again')),
  widgets: again.map(({ order, line, conflicts }) => ({
    decoratedText: {
      text: html(marked(w, line, conflicts)),
      wrapText: true,
      button: button(w('people.chat.button.orderAgain'), 'again', {
        order: String(order.id),
        nonce: randomUUID(),
        shown: tagsValue(conflicts),
      }),
    },
  })),
});

/**
 * The order form on `form.entry` (choosing another drink shows its choices), its answers `given`
 * kept: type, sweetness, the option groups (their sold-out choices named), remark, now or a pickup
 * time, the diet switch when the person avoids something; the note on top.
 */
export function formSection(w: Words, form: Form, given: Inputs): Section {
  const { entry } = form;
  const chosen = (name: string, ...fallback: string[]) => given[name] ?? fallback;
  const groups = (entry.item.optionGroups ?? []).flatMap(({ id, name, minChoices: min, maxChoices: max, choices }) => {
    const open = choices.filter((c) => !c.soldOut);
    const soldOut = choices.filter((c) => c.soldOut).map((c) => c.name);
    const limits = { count: min, min, max };
    const label = `${name} (${w(min === max ? 'people.chat.modal.chooseExactly' : 'people.chat.modal.chooseBetween', limits)})`;
    const defaults = chosen(`group-${id}`, ...open.filter((c) => c.isDefault).map((c) => String(c.id)));
    const items = open.map((c) => [c.name, String(c.id)]);
    return [
      ...when(open.length, select(`group-${id}`, label, items, defaults, { type: max > 1 ? 'CHECK_BOX' : 'DROPDOWN' })),
      ...when(soldOut.length, text(`${name}: ${w('people.chat.modal.soldOutChoices', { names: soldOut.join(', ') })}`)),
    ];
  });
  const later = (e: Form['entry']) => (e.now ? `${e.item.name} (${w('people.chat.modal.laterOnly')})` : e.item.name);
  const items = form.listed.slice(0, 100).map((e) => [entryMarked(w, later(e), e), String(e.item.id)]);
  const times = [
    ...when(!entry.now, [w('people.chat.modal.now'), 'now']),
    ...form.slots.slots.map((s) => [s.time, s.start]),
  ];
  const types = DRINK_TYPES.map((d) => [w(`people.chat.type.${d}`), d]);
  const sweetness = SWEETNESS_LEVELS.map((s) => [`${s}%`, String(s)]);
  const diet = [[w('people.diet.confirm'), 'anyway']];
  const item = String(entry.item.id);
  return {
    header: html(w('people.chat.modal.title')),
    widgets: [
      ...when(form.note, text(form.note ?? '', WARN)),
      select('item', w('people.chat.modal.item'), items, [item], { onChangeAction: action('form') }),
      select('type', w('people.chat.modal.type'), types, chosen('type')),
      select('sweetness', w('people.chat.modal.sweetness'), sweetness, chosen('sweetness', '100')),
      ...groups,
      { textInput: { name: 'remark', label: w('people.chat.modal.remark'), value: given.remark?.[0] ?? '' } },
      select('when', w('people.chat.modal.when'), times.slice(0, 100), chosen('when', times[0]?.[1] ?? '')),
      ...when(entry.now, text(entry.now ? w(entry.now.text) : '')),
      ...when(form.ask, select('diet', w('people.chat.modal.dietLabel'), diet, chosen('diet'), { type: 'SWITCH' })),
      ...buttons(button(w('people.chat.modal.submit'), 'order', { nonce: form.nonce, form: item })),
    ],
  };
}

/** The form's answers as the shared order body at the person's site, with their tumbler photo; else what to fix. */
export function readOrder(w: Words, given: Inputs, at: { siteId: number; tumblerImage: string }) {
  const one = (key: string) => given[key]?.[0] || undefined;
  const parsed = OrderCreateBodySchema.safeParse({
    ...at,
    menu_id: Number(one('item')),
    type: one('type'),
    ...(one('sweetness') && { sweetness: Number(one('sweetness')) }),
    remark: one('remark'),
    options: Object.entries(given)
      .flatMap(([key, ids]) => (key.startsWith('group-') ? ids : []))
      .map((id) => ({ choiceId: Number(id) })),
    pickupAt: one('when') === 'now' ? undefined : one('when'),
    dietConfirmed: one('diet') === 'anyway',
  });
  if (parsed.success) return parsed.data;
  const remark = parsed.error.issues[0]?.path[0] === 'remark';
  return { fix: w(remark ? 'people.chat.modal.remarkTooLong' : 'people.chat.modal.chooseDrink', REMARK) };
}

/** An order's card as it is now: where it is (its place, pickup time, reason), Cancel while it waits, Pick up when ready. */
export function orderCard(w: Words, order: Order, place: number | null, timeZone: string): Message {
  const { status, pickupAt, rejectNote } = order;
  const time = pickupAt ? clockTimeText(new Date(pickupAt), timeZone) : '';
  const reason = status === 'rejected' && rejectNote && rejectNote !== '-' ? rejectNote : '';
  const id = { order: String(order.id) };
  return card({
    widgets: [
      text(w('people.line.order.placed', { drink: orderLine(w, order), site: order.site.name, id: order.id })),
      text(statusText(w, status), BOLD),
      ...when(status === 'ordered' && place !== null, text(w('people.chat.order.queuePlace', { place: place ?? 0 }))),
      ...when(status === 'scheduled' && time, text(w('people.chat.order.pickupAt', { time }))),
      ...when(reason, text(w('people.chat.order.reason', { note: reason }))),
      ...buttons(
        ...when(status === 'ordered' || status === 'scheduled', button(w('people.chat.button.cancel'), 'cancel', id)),
        ...when(status === 'done', button(w('people.chat.button.pickUp'), 'picked', id)),
      ),
    ],
  });
}

/** The open coffee runs, each with Add my drink (its page), and Start a run; none open said so. */
export const runsCard = (runs: OpenRuns): Message =>
  card({
    widgets: [
      text(runs.none ?? runs.title, runs.none ? undefined : BOLD),
      ...runs.runs.map((r) => ({
        decoratedText: { text: html(r.text), wrapText: true, button: link(runs.add, r.url) },
      })),
      ...buttons(link(runs.start, runs.startUrl)),
    ],
  });
