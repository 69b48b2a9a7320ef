import { clockTimeText, tagsValue, type Order } from '@cafe/shared';
import { dietWarning, marked, orderLine, statusText, type OpenRuns, type Words } from '../../lib/chat-words';
import type { Again, UsualOffer } from './conversation';

/*
 * What a chat shows for a step, in plain words (the catalogue's sentences that name no markup):
 * lines, things listed each with a button, and buttons. An adapter draws a view in its platform's
 * format (LINE's Flex, Google Chat's cards); what a button does and carries is the view's, how its
 * tap comes back is the adapter's.
 */

/** A line's words and how it stands out: `warn` what the person avoids or a refusal, `bold` a heading or a status. */
export type Line = { text: string; tone?: 'bold' | 'warn' };
/** A button: a step (`does`, with what it carries) or a page (`url`); `primary` the one to tap. */
export type Button = { label: string; primary?: boolean } & (
  { does: 'usual' | 'again' | 'cancel' | 'picked'; carries: Record<string, string> } | { url: string }
);
export interface View {
  /** A heading over the rest, where there is one. */
  title?: string;
  lines: Line[];
  /** Things listed (a past drink, an open run), each with its button. */
  listed: { text: string; button: Button }[];
  buttons: Button[];
}

/** `items` when `condition` holds, else none: what a message shows only sometimes, spread into its list. */
export const when = <T>(condition: unknown, ...items: T[]): T[] => (condition ? items : []);
const warn = (text: string | null | undefined): Line[] => when(text, { text: text ?? '', tone: 'warn' as const });

/** "Order your usual: <drink> at <site>?", what of it the person avoids (and `note`, a refusal) first, and Order. */
export const usualView = (w: Words, usual: UsualOffer, note: string | null = null): View => ({
  lines: [
    ...warn(note),
    ...warn(dietWarning(w, usual.conflicts)),
    { text: w('people.line.usual.confirm', { drink: usual.line, site: usual.site }) },
  ],
  listed: [],
  buttons: [
    {
      label: w('people.chat.button.order'),
      primary: true,
      does: 'usual',
      carries: { nonce: usual.nonce, shown: tagsValue(usual.conflicts) },
    },
  ],
});

/** Order again: the last different drinks, what of each the person avoids marked, each with its button (one nonce). */
export const againView = (w: Words, again: readonly Again[], nonce: string): View => ({
  title: w('people.chat.home.again'),
  lines: [],
  listed: again.map(({ order, line, conflicts }) => ({
    text: marked(w, line, conflicts),
    button: {
      label: w('people.chat.button.orderAgain'),
      does: 'again',
      carries: { order: String(order.id), nonce, shown: tagsValue(conflicts) },
    },
  })),
  buttons: [],
});

/** An order as it is now: its drink, its status, where it is (its place, pickup time, reason); Cancel while it waits, Pick up when ready. */
export function orderView(w: Words, order: Order, place: number | null, timeZone: string): View {
  const { status, pickupAt, rejectNote } = order;
  const time = pickupAt ? clockTimeText(new Date(pickupAt), timeZone) : '';
  const reason = status === 'rejected' && rejectNote && rejectNote !== '-' ? rejectNote : '';
  const carries = { order: String(order.id) };
  return {
    lines: [
      { text: w('people.line.order.placed', { drink: orderLine(w, order), site: order.site.name, id: order.id }) },
      { text: statusText(w, status), tone: 'bold' },
      ...when(status === 'ordered' && place !== null, {
        text: w('people.chat.order.queuePlace', { place: place ?? 0 }),
      }),
      ...when(status === 'scheduled' && time, { text: w('people.chat.order.pickupAt', { time }) }),
      ...when(reason, { text: w('people.chat.order.reason', { note: reason }) }),
    ],
    listed: [],
    buttons: [
      ...when(status === 'ordered' || status === 'scheduled', {
        label: w('people.chat.button.cancel'),
        does: 'cancel' as const,
        carries,
      }),
      ...when(status === 'done', {
        label: w('people.chat.button.pickUp'),
        primary: true,
        does: 'picked' as const,
        carries,
      }),
    ],
  };
}

/** The open coffee runs, each with Add my drink (its page), and Start a run; none open said so. */
export const runsView = (runs: OpenRuns): View => ({
  lines: [runs.none ? { text: runs.none } : { text: runs.title, tone: 'bold' }],
  listed: runs.runs.map((r) => ({ text: r.text, button: { label: runs.add, url: r.url } })),
  buttons: [{ label: runs.start, url: runs.startUrl }],
});
