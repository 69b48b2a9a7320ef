import type { Order } from '@cafe/shared';
import type { Words } from '../../lib/chat-words';
import type { Again, UsualOffer } from '../chat/conversation';
import { againView, orderView, usualView, type Button, type View } from '../chat/views';

/*
 * What LINE shows (Flex messages, docs/api/line.md), in the person's words: every sentence is the
 * people catalogue's (locales/<language>/line.po and chat.po), never a field name or a code.
 */

export type LineMessage = Record<string, unknown>;

/** The postbacks the app's buttons and the rich menu send (`data`, form-encoded). */
export const POSTBACK = {
  coffee: 'coffee',
  order: 'order',
  again: 'again',
  orderAgain: 'orderAgain',
  cancel: 'cancel',
  picked: 'picked',
  runs: 'runs',
} as const;

const text = (words: string, more: Record<string, unknown> = {}) => ({
  type: 'text',
  text: words || ' ',
  wrap: true,
  ...more,
});
const postback = (label: string, data: Record<string, string>, style: 'primary' | 'secondary' = 'secondary') => ({
  type: 'button',
  style,
  action: {
    type: 'postback',
    label: label.slice(0, 20),
    data: new URLSearchParams(data).toString().slice(0, 300),
    displayText: label.slice(0, 300),
  },
});
const link = (label: string, uri: string) => ({
  type: 'button',
  style: 'link',
  action: { type: 'uri', label: label.slice(0, 20), uri },
});
/** A view's button: its page, or its postback, which names what it carries as the app's buttons always have. */
function buttonOf(b: Button): Record<string, unknown> {
  if ('url' in b) return link(b.label, b.url);
  const { order, nonce, shown } = b.carries;
  const data = { action: LINE_DOES[b.does], ...(order && { id: order }), ...(nonce && { n: nonce }) };
  return postback(
    b.label,
    { ...data, ...(shown !== undefined && { avoid: shown }) },
    b.primary ? 'primary' : 'secondary',
  );
}
const LINE_DOES = { usual: 'order', again: 'orderAgain', cancel: 'cancel', picked: 'picked' } as const;
const menuButton = (w: Words, uri: string) => link(w('people.line.button.menu'), uri);
/** Order again: the person's last different drinks, each to order with a tap. */
const againButton = (w: Words) => postback(w('people.chat.button.orderAgain'), { action: POSTBACK.again });

/** A bubble: its lines (the first bold unless told), its buttons, and what a notification shows (altText). */
function bubble(alt: string, lines: Record<string, unknown>[], buttons: Record<string, unknown>[]): LineMessage {
  return {
    type: 'flex',
    altText: alt.slice(0, 400) || ' ',
    contents: {
      type: 'bubble',
      body: { type: 'box', layout: 'vertical', spacing: 'md', contents: lines },
      ...(buttons.length > 0 && { footer: { type: 'box', layout: 'vertical', spacing: 'sm', contents: buttons } }),
    },
  };
}

/** Words and the Menu button (a refusal), with Order again where ordering starts (help, the greeting, no usual). */
export const notice = (w: Words, words: string, menuUri: string, again = false): LineMessage =>
  bubble(words, [text(words)], [...(again ? [againButton(w)] : []), menuButton(w, menuUri)]);

/** Words alone (someone not linked: their link is in the words). */
export const plainText = (words: string): LineMessage => ({ type: 'text', text: words.slice(0, 5000) || ' ' });

/**
 * A step's view (chat/views.ts) as a bubble: its title and lines, each thing listed with its button,
 * then its buttons and `more`; what a notification shows (`alt`) is its lines unless told.
 */
export function bubbleOf(view: View, more: Record<string, unknown>[] = [], alt?: string): LineMessage {
  const lines = [...(view.title ? [{ text: view.title, tone: 'bold' as const }] : []), ...view.lines];
  return bubble(
    alt ?? lines.map((l) => l.text).join(' · '),
    [
      ...lines.map(({ text: words, tone }) =>
        tone === 'warn'
          ? text(`⚠ ${words}`, { weight: 'bold', color: '#B00020' })
          : text(words, tone ? { weight: 'bold' } : {}),
      ),
      ...view.listed.flatMap((l) => [text(l.text), buttonOf(l.button)]),
    ],
    [...view.buttons.map(buttonOf), ...more],
  );
}

/** The usual offered (views.ts) with Order again and Menu. */
export const usualOffer = (w: Words, usual: UsualOffer, menuUri: string): LineMessage =>
  bubbleOf(usualView(w, usual), [againButton(w), menuButton(w, menuUri)]);

/** Order again (views.ts) with Menu; none said so. */
export const againMessage = (w: Words, drinks: readonly Again[], nonce: string, menuUri: string): LineMessage =>
  drinks.length
    ? bubbleOf(againView(w, drinks, nonce), [menuButton(w, menuUri)])
    : notice(w, w('people.line.again.none'), menuUri);

/** An order's message (views.ts); a notification shows where it is first: "Ready to pick up: Your order: …". */
export function orderMessage(w: Words, order: Order, place: number | null, timeZone: string): LineMessage {
  const view = orderView(w, order, place, timeZone);
  const [what, ...facts] = view.lines.map((l) => l.text);
  return bubbleOf(view, [], `${facts.join(' · ')}: ${what ?? ''}`);
}
