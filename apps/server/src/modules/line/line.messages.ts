import { clockTimeText, tagsValue, type DietTag, type Order, type OrderStatus } from '@cafe/shared';
import { dietWarning, orderLine, statusText, type OpenRuns, type Words } from '../../lib/chat-words';

/*
 * What LINE shows (Flex messages, docs/api/line.md), in the person's words: every sentence is the
 * people catalogue's (locales/<language>/line.po and chat.po), never a field name or a code.
 */

export type LineMessage = Record<string, unknown>;

/** The postbacks the app's buttons and the rich menu send (`data`, form-encoded). */
export const POSTBACK = {
  coffee: 'coffee',
  order: 'order',
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
const postback = (label: string, data: string, style: 'primary' | 'secondary' = 'secondary') => ({
  type: 'button',
  style,
  action: { type: 'postback', label: label.slice(0, 20), data: data.slice(0, 300), displayText: label.slice(0, 300) },
});
const link = (label: string, uri: string) => ({
  type: 'button',
  style: 'link',
  action: { type: 'uri', label: label.slice(0, 20), uri },
});
const menuButton = (w: Words, uri: string) => link(w('people.line.button.menu'), uri);

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

/** Words and the Menu button (a refusal, no usual, the greeting). */
export const notice = (w: Words, words: string, menuUri: string): LineMessage =>
  bubble(words, [text(words)], [menuButton(w, menuUri)]);

/** Words alone (someone not linked: their link is in the words). */
export const plainText = (words: string): LineMessage => ({ type: 'text', text: words.slice(0, 5000) || ' ' });

/**
 * "Order your usual: <drink> at <site>?" with Order and Menu, what the person avoids in it said
 * first; Order carries what it showed (`avoid`) and a nonce of its own (one order per button).
 */
export function usualOffer(
  w: Words,
  usual: { line: string; site: string; conflicts: readonly DietTag[] },
  nonce: string,
  menuUri: string,
): LineMessage {
  const ask = w('people.line.usual.confirm', { drink: usual.line, site: usual.site });
  const warning = dietWarning(w, usual.conflicts);
  const data = new URLSearchParams({ action: POSTBACK.order, n: nonce, avoid: tagsValue(usual.conflicts) });
  return bubble(
    warning ? `${warning} ${ask}` : ask,
    [...(warning ? [text(`⚠ ${warning}`, { weight: 'bold', color: '#B00020' })] : []), text(ask)],
    [postback(w('people.chat.button.order'), data.toString(), 'primary'), menuButton(w, menuUri)],
  );
}

/** The moves an order's message says something of (in progress and a for-later order's release are not). */
export const TOLD: ReadonlySet<OrderStatus> = new Set(['ordered', 'scheduled', 'done', 'picked', 'cancel', 'rejected']);

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
      ? [postback(w('people.chat.button.cancel'), `action=${POSTBACK.cancel}&id=${id}`)]
      : []),
    ...(status === 'done'
      ? [postback(w('people.line.button.pickedUp'), `action=${POSTBACK.picked}&id=${id}`, 'primary')]
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
