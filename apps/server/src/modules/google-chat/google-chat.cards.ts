import type { Words } from '../../lib/chat-words';
import type { Form } from '../chat/conversation';
import { formFields, type Answers, type Field } from '../chat/order-form';
import { when, type Button, type View } from '../chat/views';

/*
 * What Google Chat shows (cards v2, docs/api/google-chat.md): the conversation's views
 * (chat/views.ts) and its order form, every sentence the people catalogue's. A card's text is HTML
 * to Chat: each sentence is escaped, so a name or a note shows as written. A button's action is its
 * `function` and parameters (a nonce: one order per button).
 */

type Widget = Record<string, unknown>;
export type Section = { header?: string; widgets: Widget[] };
export type Message = { text?: string; cardsV2?: { cardId: string; card: { sections: Section[] } }[] };
const html = (words: string) => words.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
const TONES = { bold: ['<b>', '</b>'], warn: ['<font color="#b00020"><b>', '</b></font>'] } as const;
const text = (words: string, tone?: keyof typeof TONES) => {
  const [open, close] = tone ? TONES[tone] : ['', ''];
  return { textParagraph: { text: `${open}${html(words)}${close}` } };
};
const action = (name: string, params: Record<string, string> = {}) => ({
  function: name,
  parameters: Object.entries(params).map(([key, value]) => ({ key, value })),
});
const button = (b: Button | { label: string; does: string; carries: Record<string, string> }) => ({
  text: b.label,
  onClick: 'url' in b ? { openLink: { url: b.url } } : { action: action(b.does, b.carries) },
});
const buttons = (...list: Widget[]) => when(list.length, { buttonList: { buttons: list } });
/** How a list of the form looks: one choice, several, or the diet switch. */
const LISTS = { one: 'DROPDOWN', many: 'CHECK_BOX', switch: 'SWITCH' } as const;

/** A message of one card, of the sections that have something to show. */
export const card = (...sections: Section[]): Message => ({
  cardsV2: [{ cardId: 'cafe', card: { sections: sections.filter((s) => s.widgets.length > 0) } }],
});

/** A step's view as a card's section: its title, its lines, each thing listed with its button, its buttons. */
export const section = (view: View): Section => ({
  ...(view.title && { header: html(view.title) }),
  widgets: [
    ...view.lines.map((line) => text(line.text, line.tone)),
    ...view.listed.map((l) => ({ decoratedText: { text: html(l.text), wrapText: true, button: button(l.button) } })),
    ...buttons(...view.buttons.map(button)),
  ],
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
    ...when(form.note, text(form.note ?? '', 'warn')),
    ...formFields(w, form, given).flatMap(input),
    ...buttons(
      button({
        label: w('people.chat.modal.submit'),
        does: 'order',
        carries: { nonce: form.nonce, form: String(form.entry.item.id) },
      }),
    ),
  ],
});
