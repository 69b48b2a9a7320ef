import {
  clockTimeText,
  peopleText,
  PICKUP_CLOSED_NOTE,
  PICKUP_PAUSED_NOTE,
  TUMBLER_NOT_FOUND_NOTE,
  type NotificationLanguage,
  type OrderStatus,
  type PeopleText,
  type PeopleValues,
  type REJECT_REASONS,
} from '@cafe/shared';
import type { OrderMove, StandingFailure } from '../../lib/domain-events';
import { say } from '../../lib/people-texts';

/** What a notification tells: an order's move that its owner hears of. */
export type NotificationEvent =
  'done' | 'rejected' | 'undone-done' | 'undone-rejected' | 'released' | 'tumbler-missing' | 'reminder' | 'late';
/** A message about the account itself, sent by e-mail only. */
export type AccountEvent = 'confirm-email' | 'reset-password';
/** A standing order that could not be placed on its day (modules/standing). */
export type StandingEvent = 'standing-failed';

/** The facts of an order a message names (taken at the change, in its transaction): the `order.moving` event's. */
export type OrderFacts = OrderMove['order'];

/** A message as every channel sends it. */
export interface RenderedMessage {
  title: string;
  text: string;
  /** The screen it opens, as a path (the channel makes it absolute where it needs to). */
  path: string;
}

/** What an outbox row carries: written once, sent as it is on every attempt. */
export interface OutboxPayload {
  event: NotificationEvent | AccountEvent | StandingEvent;
  language: NotificationLanguage;
  recipient: { id: number; email: string; name: string };
  /** The order told of (none for a message about the account). */
  order?: OrderFacts;
  /** The standing order told of (standing-failed). */
  standing?: StandingFailure;
  message: RenderedMessage;
  createdAt: string;
}

/** The event of a move, or null for a move nobody is told of. */
export function eventOf(
  to: OrderStatus,
  undone: OrderStatus | undefined,
  released: boolean,
  notice?: 'tumbler-missing' | 'reminder' | 'late',
): NotificationEvent | null {
  if (notice) return notice;
  if (undone === 'done') return 'undone-done';
  if (undone === 'rejected') return 'undone-rejected';
  if (undone) return null;
  if (released) return 'released';
  if (to === 'done') return 'done';
  if (to === 'rejected') return 'rejected';
  return null;
}

/** The pickup time of an order for later, as the site's clock says it (HH:mm). */
function clockTime(instant: string | null, timeZone: string): string {
  return instant ? clockTimeText(new Date(instant), timeZone) : '';
}

/**
 * The reject notes whose words are the cafe's (the specification's preset reasons, and the notes
 * the server writes itself), by their message in the people catalogue. The order keeps the English
 * note as it was written (clients and the webhook's `rejectNote` read it, and English says it so);
 * a barista's own words ("Other") are told as typed.
 */
const PRESET_NOTES: Record<(typeof REJECT_REASONS)[number], PeopleText> = {
  'Ingredient Unavailable': peopleText('people.notify.rejectNote.ingredientUnavailable'),
  'Barista was not at the bar': peopleText('people.notify.rejectNote.baristaAway'),
  'Machine Failure': peopleText('people.notify.rejectNote.machineFailure'),
  'Barista can not fine your tumbler': peopleText('people.notify.rejectNote.tumblerNotFound'),
  'The shop is closing': peopleText('people.notify.rejectNote.shopClosing'),
};
const REJECT_NOTES: Readonly<Record<string, PeopleText>> = {
  ...PRESET_NOTES,
  [TUMBLER_NOT_FOUND_NOTE]: peopleText('people.notify.rejectNote.tumblerNotFound'),
  [PICKUP_CLOSED_NOTE]: peopleText('people.notify.rejectNote.closedAtPickup'),
  [PICKUP_PAUSED_NOTE]: peopleText('people.notify.rejectNote.pausedAtPickup'),
};

/** A reject note in a message's language: the cafe's own words translated, a barista's own as typed. */
function rejectNoteIn(language: NotificationLanguage, note: string | null): string {
  if (!note) return '';
  const text = REJECT_NOTES[note];
  return text && language !== 'en' ? say(language, text) : note;
}

/** Each message's title and text in the people catalogue (packages/shared/locales/<language>/notify.po). */
const MESSAGE_IDS: Record<OutboxPayload['event'], { title: `people.${string}`; text: `people.${string}` }> = {
  done: { title: 'people.notify.done.title', text: 'people.notify.done.text' },
  rejected: { title: 'people.notify.rejected.title', text: 'people.notify.rejected.text' },
  'undone-done': { title: 'people.notify.undoneDone.title', text: 'people.notify.undoneDone.text' },
  'undone-rejected': { title: 'people.notify.undoneRejected.title', text: 'people.notify.undoneRejected.text' },
  'tumbler-missing': { title: 'people.notify.tumblerMissing.title', text: 'people.notify.tumblerMissing.text' },
  reminder: { title: 'people.notify.reminder.title', text: 'people.notify.reminder.text' },
  released: { title: 'people.notify.released.title', text: 'people.notify.released.text' },
  late: { title: 'people.notify.late.title', text: 'people.notify.late.text' },
  'reset-password': { title: 'people.notify.resetPassword.title', text: 'people.notify.resetPassword.text' },
  'confirm-email': { title: 'people.notify.confirmEmail.title', text: 'people.notify.confirmEmail.text' },
  'standing-failed': { title: 'people.notify.standingFailed.title', text: 'people.notify.standingFailed.text' },
};

/** The message of `event` in `language`: its title, and its text naming `values`. */
function said(event: OutboxPayload['event'], language: NotificationLanguage, values: PeopleValues, path: string) {
  const ids = MESSAGE_IDS[event];
  return { title: say(language, peopleText(ids.title)), text: say(language, peopleText(ids.text, values)), path };
}

/** The message of `event` in `language`, naming the drink, the site and the counter. */
export function renderMessage(
  event: NotificationEvent,
  language: NotificationLanguage,
  order: OrderFacts,
  statusPath: string,
): RenderedMessage {
  const time =
    event === 'tumbler-missing'
      ? (order.tumblerDeadline ?? null)
      : event === 'late'
        ? (order.readyAt ?? null)
        : order.pickupAt;
  const values = {
    drink: order.drink,
    venue: order.counter,
    site: order.siteName,
    time: clockTime(time, order.siteTimeZone),
    note: rejectNoteIn(language, order.rejectNote),
  };
  return said(event, language, values, statusPath);
}

/** The e-mail with the link that sets a new password, valid for `minutes`. */
export function passwordResetMessage(language: NotificationLanguage, path: string, minutes: number): RenderedMessage {
  return said('reset-password', language, { minutes }, path);
}

/** The e-mail with the link that confirms a new account's address, valid for `hours`. */
export function confirmationMessage(language: NotificationLanguage, path: string, hours: number): RenderedMessage {
  return said('confirm-email', language, { hours }, path);
}

/**
 * A standing order not placed today: the day, time, drink and site, the placement decision's
 * reason in the recipient's language (a failure from before its words travelled with it has only
 * the English), and a link (`path`) to choose something else.
 */
export function standingFailedMessage(
  language: NotificationLanguage,
  failure: StandingFailure,
  path: string,
): RenderedMessage {
  const values = {
    drink: failure.drink ?? say(language, peopleText('people.notify.standingFailed.yourUsual')),
    time: failure.time,
    site: failure.siteName,
    day: failure.day,
    reason: failure.reasonText ? say(language, failure.reasonText) : failure.reason,
  };
  return said('standing-failed', language, values, path);
}
