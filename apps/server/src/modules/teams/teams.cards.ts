import type { PeopleValues } from '@cafe/shared';
import type { Words } from '../../lib/chat-words';
import type { Again, Form, UsualOffer } from '../chat/conversation';
import { againView, usualView, when, type Button, type Line, type View } from '../chat/views';
import { formFields, type Answers, type Field } from '../chat/order-form';

/*
 * What Teams shows (Adaptive Cards 1.5), in the person's words: every sentence is the people
 * catalogue's (packages/shared/locales/<language>/teams.po, and chat.po's that are no Slack's).
 * A card's Action.Submit carries `cafe` (what it does) and a nonce: one order per card.
 *
 * A TextBlock reads markdown: a drink, a site or a note named `[click](https://…)` would be a link
 * there, `**…**` bold. So a card's sentences are TextRuns (which read none, in a RichTextBlock):
 * the catalogue's own `**bold**` and `[label](url)` are made runs here, and every name or note a
 * person or an admin wrote is escaped by `teamsText` on its way in (`cardWords` escapes every
 * value a sentence names), so it stays text.
 */

export type Card = Record<string, unknown>;
/** What a card's Action.Submit sends back (the activity's `value`): its data and the inputs. */
export type Submitted = Record<string, unknown>;
/** What a card's Action.Submit does (its data's `cafe`, docs/api/teams.md): every action the bot's cards offer. */
export const CARD_ACTIONS = {
  form: 'form',
  order: 'order',
  usual: 'usual',
  again: 'again',
  orderAgain: 'orderAgain',
  cancel: 'cancel',
  picked: 'picked',
} as const;

/** Words a person or an admin wrote, as text of a card's sentence: `\`, `*`, `[` and `]` escaped for `runsOf`. */
export const teamsText = (words: string): string => words.replace(/[\\*[\]]/g, '\\$&');

const textValues = (values: PeopleValues | undefined): PeopleValues | undefined =>
  values &&
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? teamsText(value) : value]),
  );

/** Words as cards say them: the catalogue's sentences, every value they name (a name, a note, a link) as text. */
export function cardWords(w: Words): Words {
  return (text, values) =>
    typeof text === 'string' ? w(text, textValues(values)) : w({ id: text.id, values: textValues(text.values) });
}

/** The catalogue's markup in a sentence: an escaped character, `**` (bold on or off), `[label](url)`, else text. */
const MARKUP = /\\([\s\S])|(\*\*)|\[((?:\\.|[^\\\]])*)\]\(((?:\\.|[^\\)\s])*)\)|([^\\*[]+|[\s\S])/g;
const unescaped = (words: string) => words.replace(/\\([\s\S])/g, '$1');

/** A sentence as TextRuns in `style`: its bold parts bolder, its links runs that open their page. */
function runsOf(words: string, style: Card = {}): Card[] {
  const runs: Card[] = [];
  let said = '';
  let bold = false;
  const end = (more: Card = {}) => {
    if (said !== '')
      runs.push({ type: 'TextRun', text: said, ...style, ...(bold ? { weight: 'bolder' } : {}), ...more });
    said = '';
  };
  for (const [token, escaped, boldMark, label, url, plain] of words.matchAll(MARKUP)) {
    if (escaped !== undefined) said += escaped;
    else if (boldMark) {
      end();
      bold = !bold;
    } else if (label !== undefined && url !== undefined) {
      end();
      said = unescaped(label);
      end({ selectAction: { type: 'Action.OpenUrl', url: unescaped(url) } });
    } else said += plain ?? token;
  }
  end();
  return runs.length > 0 ? runs : [{ type: 'TextRun', text: ' ', ...style }];
}

/** A sentence of the card (never a TextBlock: see above), in `style` (a TextRun's size, weight, color, subtlety). */
const text = (words: string, style?: Card): Card => ({ type: 'RichTextBlock', inlines: runsOf(words, style) });
const warning = (words: string) => text(`⚠ ${words}`, { color: 'attention', weight: 'bolder' });
const submit = (title: string, data: Card, style?: 'positive' | 'destructive'): Card => ({
  type: 'Action.Submit',
  title,
  data,
  ...(style && { style }),
});
const choice = (title: string, value: string) => ({ title, value });
const choices = (id: string, label: string, options: { title: string; value: string }[], more?: Card): Card => ({
  type: 'Input.ChoiceSet',
  id,
  label,
  style: 'compact',
  choices: options,
  ...more,
});

/** A card as a message's attachment. */
export const attachment = (card: Card) => ({
  attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }],
});
export const cardOf = (body: Card[], actions: Card[] = []): Card => ({
  type: 'AdaptiveCard',
  $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
  version: '1.5',
  body,
  ...(actions.length && { actions }),
});
/** A sentence on a card of its own, with the card's buttons. */
export const notice = (words: string, actions: Card[] = []): Card => cardOf([text(words)], actions);
/** The button that lists the drinks to order again. */
const againButton = (w: Words) => submit(w('people.chat.button.orderAgain'), { cafe: CARD_ACTIONS.again });
/** What the bot understands, and Order again. */
export const helpCard = (w: Words): Card => notice(w('people.teams.help'), [againButton(w)]);

/**
 * A question of the order form as the card's input: a list (several ticked in an expanded one, an
 * option group's limits in its label), the remark's text, the diet box. An option group with every
 * choice sold out has none (its line says so).
 */
function inputOf(w: Words, question: Field): Card[] {
  const { name: id, label, kind, items, chosen, optional, missing, hint } = question;
  const value = chosen.join(',');
  if (kind === 'text') return [{ type: 'Input.Text', id, label, maxLength: question.max, value }];
  if (kind === 'switch') {
    const [box] = items;
    return [{ type: 'Input.Toggle', id, label, title: box?.text, valueOn: box?.value, valueOff: '', value }];
  }
  if (items.length === 0 && id.startsWith('group-')) return [];
  const many = kind === 'many';
  const listed = items.map((i) => choice(i.text, i.value));
  return [
    choices(id, hint ? `${label} (${hint})` : label, listed, {
      isMultiSelect: many,
      ...(!optional && { isRequired: true, ...(missing && { errorMessage: w(missing) }) }),
      value,
      ...(many && { style: 'expanded' }),
    }),
  ];
}

/**
 * The order form (order-form.ts) on `form.entry` as a card: its questions, `note` on top (why not
 * the item named, or the door's refusal), `given` the answers sent before; Order, and the form of
 * another item chosen.
 */
export function orderForm(w: Words, form: Form, given: Answers = {}): Card {
  const data = { cafe: CARD_ACTIONS.order, nonce: form.nonce, form: String(form.entry.item.id) };
  return cardOf(
    [
      text(w('people.chat.modal.title'), { size: 'medium', weight: 'bolder' }),
      ...when(form.note, warning(form.note ?? '')),
      ...formFields(w, form, given).flatMap((question) => [
        ...inputOf(w, question),
        ...when(question.after, text(question.after ?? '', { isSubtle: true })),
      ]),
    ],
    [
      submit(w('people.chat.modal.submit'), data, 'positive'),
      { ...submit(w('people.teams.form.show'), { ...data, cafe: CARD_ACTIONS.form }), associatedInputs: 'auto' },
    ],
  );
}

/** A submitted card's inputs as the form's answers: an option group's (comma-joined) each, empty ones none. */
export const answersOf = (value: Submitted): Answers =>
  Object.fromEntries(
    Object.entries(value).flatMap(([key, given]) =>
      typeof given === 'string' ? [[key, (key.startsWith('group-') ? given.split(',') : [given]).filter(Boolean)]] : [],
    ),
  );

const TEAMS_DOES = {
  usual: CARD_ACTIONS.usual,
  again: CARD_ACTIONS.orderAgain,
  cancel: CARD_ACTIONS.cancel,
  picked: CARD_ACTIONS.picked,
} as const;

/** A view's button as the card's action: its page, or an Action.Submit whose data is what it carries. */
function actionOf(b: Button): Card {
  if ('url' in b) return { type: 'Action.OpenUrl', title: b.label, url: b.url };
  const style = b.primary ? 'positive' : b.does === 'cancel' ? 'destructive' : undefined;
  return submit(b.label, { cafe: TEAMS_DOES[b.does], ...b.carries }, style);
}

/**
 * A step's view (chat/views.ts, in plain words) as a card: `note` on top (a refusal, in the
 * catalogue's markup), its sentences as written (`teamsText`: no markup is read in them), each thing
 * listed with its button, then its buttons and `more`.
 */
export function viewCard(view: View, more: Card[] = [], note: string | null = null): Card {
  const line = ({ text: words, tone }: Line) =>
    tone === 'warn' ? warning(teamsText(words)) : text(teamsText(words), tone && { weight: 'bolder' });
  return cardOf(
    [
      ...when(note, warning(note ?? '')),
      ...when(view.title, line({ text: view.title ?? '', tone: 'bold' })),
      ...view.lines.map(line),
      ...view.listed.flatMap((l) => [line({ text: l.text }), { type: 'ActionSet', actions: [actionOf(l.button)] }]),
    ],
    [...view.buttons.map(actionOf), ...more],
  );
}

/** The usual offered (views.ts) with Order again; `note` on top. */
export const usualCard = (w: Words, plain: Words, usual: UsualOffer, note: string | null = null): Card =>
  viewCard(usualView(plain, usual), [againButton(w)], note);

/** Order again (views.ts; one nonce per card: a second tap places nothing more), or that there is none yet; `note` on top. */
export const againCard = (w: Words, plain: Words, past: Again[], nonce: string, note: string | null = null): Card =>
  past.length
    ? viewCard(againView(plain, past, nonce), [], note)
    : cardOf([
        ...when(note, warning(note ?? '')),
        text(w('people.chat.home.again'), { weight: 'bolder' }),
        text(w('people.teams.again.none')),
      ]);
