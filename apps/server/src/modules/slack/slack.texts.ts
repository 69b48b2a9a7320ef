import type { NotificationLanguage, OrderStatus } from '@cafe/shared';

/**
 * What the Slack app says, in English and Thai (a person's notification language). The web's texts
 * live in its .po catalogues; the server speaks Slack itself, so its few sentences are here, and
 * the refusals' Thai is the web catalogue's own (slack.texts.test.ts checks they match).
 */
export type Lang = NotificationLanguage;

/**
 * A refusal's code in Thai, word for word the web's catalogue (apps/web/src/locales/th/shared.po,
 * the ids in the comments): the server answers in English and the web translates by code; Slack
 * has no web to translate, so this is the one server-side rendering of them.
 */
export const REFUSALS_TH: Record<string, string> = {
  ORDER_LIMIT_REACHED: 'คุณสั่งครบจำนวนที่กำหนดแล้ว!', // shared.spec.orderLimit
  CAFE_CLOSED: 'ตอนนี้คาเฟ่ปิดอยู่', // shared.spec.cafeClosed
  BAR_CLOSED: 'ตอนนี้บาร์ปิดอยู่', // shared.spec.barClosed
  CAFE_MENU_CLOSED_FRIDAY: 'เมนูคาเฟ่ปิดเวลา 12:00 น. ทุกวันศุกร์', // shared.spec.cafeMenuClosedFriday
  BAR_ORDERING_DISABLED: 'ค็อกเทลสั่งออนไลน์ไม่ได้ กรุณาสั่งที่บาร์', // shared.spec.cocktailOffline
  MENU_UNAVAILABLE: 'ดูเหมือนบาริสต้าเพิ่งปิดเมนูนี้ กรุณาสั่งเมนูอื่น', // shared.spec.orderFailedBody
  ORDERS_PAUSED: 'หยุดรับออเดอร์ใหม่ชั่วคราว กรุณาลองใหม่ในอีกสักครู่', // shared.error.ordersPaused
  OUT_OF_RANGE: 'กรุณามาถึงคาเฟ่ก่อนสั่งเครื่องดื่ม เพื่อไม่ให้กีดขวางคิวของผู้อื่น', // shared.spec.outOfRangeThai
  NOT_FOUND: 'ไม่พบรายการนี้แล้ว', // shared.error.notFound
};

/** The ids of REFUSALS_TH in the web's catalogue (the test reads them there). */
export const REFUSAL_CATALOGUE_IDS: Record<string, string> = {
  ORDER_LIMIT_REACHED: 'shared.spec.orderLimit',
  CAFE_CLOSED: 'shared.spec.cafeClosed',
  BAR_CLOSED: 'shared.spec.barClosed',
  CAFE_MENU_CLOSED_FRIDAY: 'shared.spec.cafeMenuClosedFriday',
  BAR_ORDERING_DISABLED: 'shared.spec.cocktailOffline',
  MENU_UNAVAILABLE: 'shared.spec.orderFailedBody',
  ORDERS_PAUSED: 'shared.error.ordersPaused',
  OUT_OF_RANGE: 'shared.spec.outOfRangeThai',
  NOT_FOUND: 'shared.error.notFound',
};

/** A refusal as the person reads it: the placement decision's message, in Thai by its code for a Thai reader. */
export function refusalText(lang: Lang, code: string, message: string): string {
  if (lang === 'th') {
    if (code === 'EMAIL_NOT_CONFIRMED') {
      const email = /sent to (\S+)\.$/.exec(message)?.[1];
      if (email) return `โปรดยืนยันอีเมลของคุณก่อน: เปิดลิงก์ที่เราส่งไปที่ ${email}`;
    }
    if (code === 'SITE_ARCHIVED') return 'สาขานี้ปิดให้บริการแล้ว กรุณาเลือกสาขาอื่นบนเว็บ';
    return REFUSALS_TH[code] ?? message;
  }
  return message;
}

const STATUS: Record<Lang, Record<OrderStatus, string>> = {
  en: {
    scheduled: 'Ordered for later',
    ordered: 'Waiting',
    'in-progress': 'In progress',
    done: 'Ready to pick up',
    picked: 'Picked up',
    cancel: 'Cancelled',
    rejected: 'Rejected',
    uncollected: 'Not collected',
  },
  th: {
    scheduled: 'สั่งล่วงหน้าแล้ว',
    ordered: 'รอคิว',
    'in-progress': 'กำลังทำ',
    done: 'พร้อมรับแล้ว',
    picked: 'รับแล้ว',
    cancel: 'ยกเลิกแล้ว',
    rejected: 'ถูกปฏิเสธ',
    uncollected: 'ไม่มีผู้มารับ',
  },
};

export function statusText(lang: Lang, status: OrderStatus): string {
  return STATUS[lang][status];
}

const EN = {
  confirmUsual: (drink: string, site: string) => `Order your usual: *${drink}* at *${site}*?`,
  order: 'Order',
  change: 'Change',
  cancel: 'Cancel',
  pickUp: 'Pick up',
  orderAgain: 'Order again',
  noUsual: 'You have no usual yet: order a drink first (type `/coffee` and a word of its name).',
  noTumbler: 'Your usual needs a tumbler photo: order once on the web with a photo of your tumbler.',
  queuePlace: (place: number) => `Place in the queue: ${place}`,
  reason: (note: string) => `Reason: ${note}`,
  pickupAt: (time: string) => `Pickup at ${time}`,
  notLinked: (url: string) =>
    `Your Slack account is not linked to the cafe yet. Open <${url}|this link> while signed in to the cafe to link it (it works once, for 15 minutes).`,
  revoked: (url: string) =>
    `You unlinked Slack from the cafe. To order from Slack again, open <${url}|this link> while signed in to the cafe.`,
  accountGone: 'Your cafe account is no longer active: Slack can do nothing for it.',
  unknownCommand: 'Type `/coffee` for your usual, or `/coffee` and a word of the drink to choose it.',
  modalTitle: 'Order a drink',
  submit: 'Order',
  close: 'Close',
  item: 'Drink',
  type: 'Type',
  sweetness: 'Sweetness',
  remark: 'Remark',
  when: 'When',
  now: 'As soon as possible',
  soldOut: 'sold out',
  soldOutChoices: (names: string) => `Sold out now: ${names}`,
  chooseBetween: (min: number, max: number) => (min === max ? `Choose ${min}` : `Choose ${min} to ${max}`),
  noItems: 'Nothing can be ordered at your site right now.',
  homeTitle: 'Office Cafe',
  homeUsual: 'Your usual',
  homeToday: 'Today',
  homeNoOrders: 'No orders today.',
  homeStanding: 'Standing orders',
  homeStandingNone:
    'No standing orders yet: set one to have your usual ordered on the days and at the time you choose.',
  homeAgain: 'Order again',
  placed: (drink: string) => `Your order: *${drink}*`,
  setStanding: 'Set a standing order',
  skipNext: 'Skip next',
  pause: 'Pause',
  resume: 'Resume',
  yourUsual: 'your usual',
  paused: 'Paused',
  skipping: (day: string) => `Skipping ${day}`,
  nextDay: (day: string) => `Next: ${day}`,
  everyAt: (days: string, time: string) => `${days} at ${time}`,
  weekdayNames: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as readonly string[],
  standingTitle: 'Standing order',
  save: 'Save',
  days: 'Days',
  time: 'Pickup time',
  standingDrink: (line: string) => `Your usual: *${line}*, ordered for later on these days at this time.`,
  dietConfirm: 'I know what it contains, place it anyway',
  dietLabel: 'What you avoid',
  dietTick: (warning: string) => `${warning} Tick "I know what it contains, place it anyway" to order it.`,
};

export type SlackTexts = typeof EN;

const TH: SlackTexts = {
  confirmUsual: (drink: string, site: string) => `สั่งเมนูประจำ: *${drink}* ที่ *${site}* ไหม?`,
  order: 'สั่ง',
  change: 'เปลี่ยน',
  cancel: 'ยกเลิก',
  pickUp: 'รับแล้ว',
  orderAgain: 'สั่งอีกครั้ง',
  noUsual: 'คุณยังไม่มีเมนูประจำ: สั่งเครื่องดื่มก่อน (พิมพ์ `/coffee` ตามด้วยชื่อเมนู)',
  noTumbler: 'เมนูประจำต้องมีรูปแก้ว: สั่งบนเว็บพร้อมรูปแก้วของคุณหนึ่งครั้งก่อน',
  queuePlace: (place: number) => `ลำดับคิว: ${place}`,
  reason: (note: string) => `เหตุผล: ${note}`,
  pickupAt: (time: string) => `รับเวลา ${time}`,
  notLinked: (url: string) =>
    `บัญชี Slack ของคุณยังไม่ได้เชื่อมกับคาเฟ่ เปิด <${url}|ลิงก์นี้> ขณะเข้าสู่ระบบคาเฟ่เพื่อเชื่อม (ใช้ได้ครั้งเดียว ภายใน 15 นาที)`,
  revoked: (url: string) => `คุณยกเลิกการเชื่อม Slack กับคาเฟ่แล้ว หากต้องการสั่งจาก Slack อีก เปิด <${url}|ลิงก์นี้> ขณะเข้าสู่ระบบคาเฟ่`,
  accountGone: 'บัญชีคาเฟ่ของคุณไม่ได้ใช้งานแล้ว Slack ทำอะไรให้ไม่ได้',
  unknownCommand: 'พิมพ์ `/coffee` เพื่อสั่งเมนูประจำ หรือ `/coffee` ตามด้วยชื่อเมนูเพื่อเลือก',
  modalTitle: 'สั่งเครื่องดื่ม',
  submit: 'สั่ง',
  close: 'ปิด',
  item: 'เมนู',
  type: 'แบบ',
  sweetness: 'ความหวาน',
  remark: 'หมายเหตุ',
  when: 'เวลารับ',
  now: 'เร็วที่สุด',
  soldOut: 'หมด',
  soldOutChoices: (names: string) => `หมดแล้ว: ${names}`,
  chooseBetween: (min: number, max: number) => (min === max ? `เลือก ${min}` : `เลือก ${min} ถึง ${max}`),
  noItems: 'ตอนนี้ยังสั่งอะไรที่สาขาของคุณไม่ได้',
  homeTitle: 'Office Cafe',
  homeUsual: 'เมนูประจำ',
  homeToday: 'วันนี้',
  homeNoOrders: 'วันนี้ยังไม่มีออเดอร์',
  homeStanding: 'ออเดอร์ประจำ',
  homeStandingNone: 'ยังไม่มีออเดอร์ประจำ: ตั้งไว้เพื่อให้สั่งเมนูประจำให้ในวันและเวลาที่คุณเลือก',
  homeAgain: 'สั่งอีกครั้ง',
  placed: (drink: string) => `ออเดอร์ของคุณ: *${drink}*`,
  setStanding: 'ตั้งออเดอร์ประจำ',
  skipNext: 'ข้ามครั้งถัดไป',
  pause: 'พักไว้',
  resume: 'สั่งต่อ',
  yourUsual: 'เมนูประจำ',
  paused: 'พักไว้',
  skipping: (day: string) => `ข้ามวันที่ ${day}`,
  nextDay: (day: string) => `ครั้งถัดไป: ${day}`,
  everyAt: (days: string, time: string) => `${days} เวลา ${time} น.`,
  weekdayNames: ['อา.', 'จ.', 'อ.', 'พ.', 'พฤ.', 'ศ.', 'ส.'],
  standingTitle: 'ออเดอร์ประจำ',
  save: 'บันทึก',
  days: 'วัน',
  time: 'เวลารับ',
  standingDrink: (line: string) => `เมนูประจำ: *${line}* สั่งล่วงหน้าให้ในวันและเวลานี้`,
  // shared.diet.confirm
  dietConfirm: 'ฉันทราบแล้ว และยังต้องการสั่งเครื่องดื่มนี้',
  dietLabel: 'สิ่งที่คุณหลีกเลี่ยง',
  dietTick: (warning: string) => `${warning} ติ๊ก "ฉันทราบแล้ว และยังต้องการสั่งเครื่องดื่มนี้" เพื่อสั่ง`,
};

export function textsOf(lang: Lang): SlackTexts {
  return lang === 'th' ? TH : EN;
}
