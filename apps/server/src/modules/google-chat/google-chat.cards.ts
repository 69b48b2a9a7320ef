import { randomUUID } from 'node:crypto';
import { clockTimeText, tagsValue } from '@cafe/shared';
import type { Order } from '@cafe/shared';
import { dietWarning, marked, orderLine, statusText } from '../../lib/chat-words';
import type { OpenRuns, Words } from '../../lib/chat-words';
import type { Again, Form, UsualOffer } from '../chat/conversation';
import { formFields, type Answers, type Field } from '../chat/order-form';

/*
 * What Google Chat shows (cards v2, docs/api/google-chat.md), every sentence the people catalogue's.
 * A card's text is HTML to Chat: each sentence is escaped, so a name or a note shows as written.
 * A button's action is its `function` and parameters (a nonce: one order per button).
 */

type Widget = Record<string, unknown>;
export type Section = { header?: string; widgets: Widget[] };
export type Message = { text?: string; cardsV2?: { cardId: string; card: { sections: Section[] } }[] };
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
/** How a list of the form looks: one choice, several, or the diet switch. */
const LISTS = { one: 'DROPDOWN', many: 'CHECK_BOX', switch: 'SWITCH' } as const;

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

/** A question of the form in Chat's inputs, an option group's limits after its name; the line under it. */
function input(f: Field): Widget[] {
  const label = f.hint ? `${f.label} (${f.hint})` : f.label;
  const drawn =
    f.kind === 'text'
      ? { textInput: { name: f.name, label, value: f.chosen[0] ?? '' } }
      : {
          selectionInput: {
            name: f.name,
            label,
            type: LISTS[f.kind],
            items: f.items.map((i) => ({ ...i, selected: f.chosen.includes(i.value) })),
            ...(f.reloads && { onChangeAction: action('form') }),
          },
        };
  // A list with nothing to choose (a group all sold out) shows only its line.
  return [...when(f.kind === 'text' || f.items.length, drawn), ...when(f.after, text(f.after ?? ''))];
}

/** The order form on `form.entry` (choosing another drink shows its choices), its answers `given` kept; the note on top. */
export const formSection = (w: Words, form: Form, given: Answers): Section => ({
  header: html(w('people.chat.modal.title')),
  widgets: [
    ...when(form.note, text(form.note ?? '', WARN)),
    ...formFields(w, form, given).flatMap(input),
    ...buttons(button(w('people.chat.modal.submit'), 'order', { nonce: form.nonce, form: String(form.entry.item.id) })),
  ],
});

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
