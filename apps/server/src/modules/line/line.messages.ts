import { clockTimeText, tagsValue, type DietTag, type Order } from '@cafe/shared';
import { dietWarning, marked, orderLine, statusText, type OpenRuns, type Words } from '../../lib/chat-words';
import type { Again, UsualOffer } from '../chat/conversation';

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

/** What the person avoids in a drink, said first in red. */
const warned = (w: Words, conflicts: readonly DietTag[]) => {
  const warning = dietWarning(w, conflicts);
  return warning ? [text(`⚠ ${warning}`, { weight: 'bold', color: '#B00020' })] : [];
};

/**
 * "Order your usual: <drink> at <site>?" with Order, Order again and Menu, what the person avoids
 * in it said first; Order carries what it showed (`avoid`) and the offer's nonce (one order per button).
 */
export function usualOffer(w: Words, usual: UsualOffer, menuUri: string): LineMessage {
  const ask = w('people.line.usual.confirm', { drink: usual.line, site: usual.site });
  const warning = dietWarning(w, usual.conflicts);
  const data = { action: POSTBACK.order, n: usual.nonce, avoid: tagsValue(usual.conflicts) };
  return bubble(
    warning ? `${warning} ${ask}` : ask,
    [...warned(w, usual.conflicts), text(ask)],
    [postback(w('people.chat.button.order'), data, 'primary'), againButton(w), menuButton(w, menuUri)],
  );
}

/**
 * Order again: each past drink (what the person avoids in it marked) with its Order again, which
 * carries the order it repeats, what it showed (`avoid`) and the list's nonce; none said so.
 */
export function againMessage(w: Words, drinks: readonly Again[], nonce: string, menuUri: string): LineMessage {
  if (drinks.length === 0) return notice(w, w('people.line.again.none'), menuUri);
  const title = w('people.chat.home.again');
  const lines = drinks.flatMap(({ order, line, conflicts }) => {
    const data = { action: POSTBACK.orderAgain, id: String(order.id), n: nonce, avoid: tagsValue(conflicts) };
    return [text(marked(w, line, conflicts)), postback(w('people.chat.button.orderAgain'), data)];
  });
  return bubble(title, [text(title, { weight: 'bold' }), ...lines], [menuButton(w, menuUri)]);
}

/**
 * An order's message as it is now: its drink, where it is (its place when placed, the pickup
 * time, the reason when rejected), Cancel while it waits, Picked up when ready.
 */
export function orderMessage(w: Words, order: Order, place: number | null, timeZone: string): LineMessage {
  const { status, pickupAt, rejectNote } = order;
  const time = pickupAt && clockTimeText(new Date(pickupAt), timeZone);
  const what = w('people.line.order.placed', { drink: orderLine(w, order), site: order.site.name, id: order.id });
  const facts = [
    statusText(w, status),
    ...(status === 'ordered' && place !== null ? [w('people.chat.order.queuePlace', { place })] : []),
    ...(status === 'scheduled' && time ? [w('people.chat.order.pickupAt', { time })] : []),
    ...(status === 'rejected' && rejectNote && rejectNote !== '-'
      ? [w('people.chat.order.reason', { note: rejectNote })]
      : []),
  ];
  const id = String(order.id);
  const buttons = [
    ...(status === 'ordered' || status === 'scheduled'
      ? [postback(w('people.chat.button.cancel'), { action: POSTBACK.cancel, id })]
      : []),
    ...(status === 'done'
      ? [postback(w('people.line.button.pickedUp'), { action: POSTBACK.picked, id }, 'primary')]
      : []),
  ];
  return bubble(`${facts.join(' · ')}: ${what}`, [text(what), text(facts.join(' · '), { weight: 'bold' })], buttons);
}

/** The open coffee runs, each with Add my drink (its page), and Start a run; none open said so. */
export function runsMessage(runs: OpenRuns): LineMessage {
  const lines = runs.runs.flatMap((run) => [text(run.text), link(runs.add, run.url)]);
  const said = runs.none ?? runs.title;
  return bubble(
    said,
    [text(said, { weight: runs.none ? 'regular' : 'bold' }), ...lines],
    [link(runs.start, runs.startUrl)],
  );
}
