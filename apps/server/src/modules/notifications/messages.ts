import {
  MESSAGES,
  PICKUP_CLOSED_NOTE,
  PICKUP_PAUSED_NOTE,
  TUMBLER_NOT_FOUND_NOTE,
  type NotificationLanguage,
  type OrderStatus,
  type REJECT_REASONS,
} from '@cafe/shared';
import type { OrderMove, StandingFailure } from '../../lib/domain-events';

/** What a notification tells: an order's move that its owner hears of. */
export type NotificationEvent =
  'done' | 'rejected' | 'undone-done' | 'undone-rejected' | 'released' | 'tumbler-missing' | 'reminder';
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
  notice?: 'tumbler-missing' | 'reminder',
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

const COUNTER = {
  en: { cafe: 'cafe', bar: 'bar' },
  th: { cafe: 'คาเฟ่', bar: 'บาร์' },
} as const;

/** The pickup time of an order for later, as the site's clock says it (HH:mm). */
function clockTime(instant: string | null, timeZone: string): string {
  if (!instant) return '';
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(instant),
  );
}

/**
 * The reject notes whose words are the cafe's (the specification's preset reasons, and the notes
 * the server writes itself) as a Thai message says them, in the web catalogue's words. The order
 * keeps the English note as it was written (clients and the webhook's `rejectNote` read it); a
 * barista's own words ("Other") are told as typed.
 */
const PRESET_REASONS_TH: Record<(typeof REJECT_REASONS)[number], string> = {
  'Ingredient Unavailable': 'วัตถุดิบหมด',
  'Barista was not at the bar': 'บาริสต้าไม่อยู่ที่บาร์',
  'Machine Failure': 'เครื่องขัดข้อง',
  'Barista can not fine your tumbler': 'บาริสต้าหาแก้วของคุณไม่พบ',
  'The shop is closing': 'ร้านกำลังจะปิด',
};
const REJECT_NOTES_TH: Readonly<Record<string, string>> = {
  ...PRESET_REASONS_TH,
  [TUMBLER_NOT_FOUND_NOTE]: 'บาริสต้าหาแก้วของคุณไม่พบ',
  [PICKUP_CLOSED_NOTE]: 'ร้านปิดในเวลารับของคุณ',
  [PICKUP_PAUSED_NOTE]: 'ร้านหยุดรับออเดอร์ออนไลน์ในเวลารับของคุณ',
};

/** A reject note in a message's language: the cafe's own words translated, a barista's own as typed. */
function rejectNoteIn(language: NotificationLanguage, note: string | null): string {
  if (!note) return '';
  return language === 'th' ? (REJECT_NOTES_TH[note] ?? note) : note;
}

type Texts = Record<NotificationEvent, (o: OrderFacts, counter: string) => { title: string; text: string }>;

const TEXTS: Record<NotificationLanguage, Texts> = {
  en: {
    done: (o, counter) => ({
      title: 'Your drink is ready',
      text: `${o.drink} is ready at the ${counter} counter, ${o.siteName}. ${MESSAGES.pickUpHint}`,
    }),
    rejected: (o, counter) => ({
      title: 'Order canceled by barista',
      text: `${o.drink} (${counter} counter, ${o.siteName}): ${o.rejectNote ?? ''}`,
    }),
    'undone-done': (o, counter) => ({
      title: 'Sorry, not ready yet',
      text: `${o.drink} needs a little longer at the ${counter} counter, ${o.siteName}. We will tell you when it is ready.`,
    }),
    'undone-rejected': (o, counter) => ({
      title: 'Your order is back',
      text: `${o.drink} was not canceled after all: it is back in the queue at the ${counter} counter, ${o.siteName}.`,
    }),
    'tumbler-missing': (o, counter) => ({
      title: 'Bring your tumbler to the counter',
      text: `The barista cannot find your tumbler for ${o.drink} at the ${counter} counter, ${o.siteName}. Bring it by ${clockTime(o.tumblerDeadline ?? null, o.siteTimeZone)}, or the order is cancelled.`,
    }),
    reminder: (o, counter) => ({
      title: 'Your drink is waiting',
      text: `${o.drink} is still waiting for you at the ${counter} counter, ${o.siteName}. ${MESSAGES.pickUpHint}`,
    }),
    released: (o, counter) => ({
      title: 'Your order for later is being made',
      text: `${o.drink} for ${clockTime(o.pickupAt, o.siteTimeZone)} is now in the queue at the ${counter} counter, ${o.siteName}.`,
    }),
  },
  th: {
    done: (o, counter) => ({
      title: 'เครื่องดื่มของคุณพร้อมแล้ว',
      text: `${o.drink} พร้อมแล้วที่เคาน์เตอร์${counter} ${o.siteName} รับแก้วแล้วกด "Pick Up"`,
    }),
    rejected: (o, counter) => ({
      title: 'บาริสต้ายกเลิกออร์เดอร์',
      text: `${o.drink} (เคาน์เตอร์${counter} ${o.siteName}): ${rejectNoteIn('th', o.rejectNote)}`,
    }),
    'undone-done': (o, counter) => ({
      title: 'ขออภัย ยังไม่พร้อม',
      text: `${o.drink} ที่เคาน์เตอร์${counter} ${o.siteName} ต้องใช้เวลาอีกสักครู่ เราจะแจ้งเมื่อพร้อม`,
    }),
    'undone-rejected': (o, counter) => ({
      title: 'ออร์เดอร์ของคุณกลับมาแล้ว',
      text: `${o.drink} ไม่ได้ถูกยกเลิก และกลับเข้าคิวที่เคาน์เตอร์${counter} ${o.siteName} แล้ว`,
    }),
    'tumbler-missing': (o, counter) => ({
      title: 'กรุณานำแก้วของคุณมาที่เคาน์เตอร์',
      text: `บาริสต้าหาแก้วของคุณสำหรับ ${o.drink} ที่เคาน์เตอร์${counter} ${o.siteName} ไม่พบ กรุณานำมาภายในเวลา ${clockTime(o.tumblerDeadline ?? null, o.siteTimeZone)} มิฉะนั้นออร์เดอร์จะถูกยกเลิก`,
    }),
    reminder: (o, counter) => ({
      title: 'เครื่องดื่มของคุณรออยู่',
      text: `${o.drink} ยังรอคุณอยู่ที่เคาน์เตอร์${counter} ${o.siteName} รับแก้วแล้วกด "Pick Up"`,
    }),
    released: (o, counter) => ({
      title: 'กำลังทำออร์เดอร์ล่วงหน้าของคุณ',
      text: `${o.drink} สำหรับเวลา ${clockTime(o.pickupAt, o.siteTimeZone)} เข้าคิวที่เคาน์เตอร์${counter} ${o.siteName} แล้ว`,
    }),
  },
};

/** The message of `event` in `language`, naming the drink, the site and the counter. */
export function renderMessage(
  event: NotificationEvent,
  language: NotificationLanguage,
  order: OrderFacts,
  statusPath: string,
): RenderedMessage {
  const { title, text } = TEXTS[language][event](order, COUNTER[language][order.counter]);
  return { title, text, path: statusPath };
}

/** The e-mail with the link that sets a new password, valid for `minutes`. */
export function passwordResetMessage(language: NotificationLanguage, path: string, minutes: number): RenderedMessage {
  if (language === 'th') {
    return {
      title: 'ตั้งรหัสผ่านใหม่สำหรับคาเฟ่',
      text: `เปิดลิงก์นี้ภายใน ${minutes} นาทีเพื่อตั้งรหัสผ่านใหม่ ลิงก์ใช้ได้ครั้งเดียว หากคุณไม่ได้ขอ ไม่ต้องทำอะไร รหัสผ่านเดิมยังใช้ได้`,
      path,
    };
  }
  return {
    title: 'Set a new password for the cafe',
    text: `Open this link within ${minutes} minutes to set a new password; it works once. If you did not ask for it, do nothing: your password stays as it is.`,
    path,
  };
}

/** The e-mail with the link that confirms a new account's address, valid for `hours`. */
export function confirmationMessage(language: NotificationLanguage, path: string, hours: number): RenderedMessage {
  if (language === 'th') {
    return {
      title: 'ยืนยันอีเมลของคุณสำหรับคาเฟ่',
      text: `เปิดลิงก์นี้ภายใน ${hours} ชั่วโมงเพื่อยืนยันอีเมลและเริ่มสั่งเครื่องดื่ม หากคุณไม่ได้สมัคร ไม่ต้องทำอะไร`,
      path,
    };
  }
  return {
    title: 'Confirm your e-mail address for the cafe',
    text: `Open this link within ${hours} hours to confirm your address and start ordering. If you did not register, do nothing.`,
    path,
  };
}

/**
 * A standing order not placed today: the day, time, drink and site, the placement decision's
 * reason, and a link (`path`) to choose something else.
 */
export function standingFailedMessage(
  language: NotificationLanguage,
  failure: StandingFailure,
  path: string,
): RenderedMessage {
  if (language === 'th') {
    const drink = failure.drink ?? 'เครื่องดื่มประจำของคุณ';
    return {
      title: 'สั่งเครื่องดื่มประจำวันนี้ไม่สำเร็จ',
      text: `${drink} เวลา ${failure.time} ที่ ${failure.siteName} (${failure.day}) สั่งไม่ได้: ${failure.reason} แตะเพื่อเลือกเครื่องดื่มอื่น`,
      path,
    };
  }
  const drink = failure.drink ?? 'Your usual';
  return {
    title: 'Your standing order was not placed today',
    text: `${drink} for ${failure.time} at ${failure.siteName} (${failure.day}) could not be ordered: ${failure.reason} Tap to choose something else.`,
    path,
  };
}
