import type { AuditAction, AuditArea, AuditTargetType, AuditValues } from '@cafe/shared';
import { msgId } from '@/i18n';

/** What each action reads as on the screen. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'user.role': msgId('audit.action.userRole'),
  'user.availability': msgId('audit.action.userAvailability'),
  'user.name': msgId('audit.action.userName'),
  'user.team': msgId('audit.action.userTeam'),
  'user.delete': msgId('audit.action.userDelete'),
  'user.password': msgId('audit.action.userPassword'),
  'user.password-reset': msgId('audit.action.userPasswordReset'),
  'user.health-consent.give': msgId('audit.action.healthConsentGive'),
  'user.health-consent.withdraw': msgId('audit.action.healthConsentWithdraw'),
  'user.second-factor.add': msgId('audit.action.secondFactorAdd'),
  'user.second-factor.remove': msgId('audit.action.secondFactorRemove'),
  'user.second-factor.reset': msgId('audit.action.secondFactorReset'),
  'user.recovery-codes.new': msgId('audit.action.recoveryCodesNew'),
  'user.recovery-code.use': msgId('audit.action.recoveryCodeUse'),
  'user.second-factor-policy': msgId('audit.action.secondFactorPolicy'),
  'site.create': msgId('audit.action.siteCreate'),
  'site.update': msgId('audit.action.siteUpdate'),
  'site.archive': msgId('audit.action.siteArchive'),
  'site.baristas': msgId('audit.action.siteBaristas'),
  'site.display.create': msgId('audit.action.displayCreate'),
  'site.display.revoke': msgId('audit.action.displayRevoke'),
  'menu.category.create': msgId('audit.action.categoryCreate'),
  'menu.category.update': msgId('audit.action.categoryUpdate'),
  'menu.item.create': msgId('audit.action.itemCreate'),
  'menu.item.update': msgId('audit.action.itemUpdate'),
  'menu.item.options': msgId('audit.action.itemOptions'),
  'menu.site-item': msgId('audit.action.siteItem'),
  'options.group.create': msgId('audit.action.groupCreate'),
  'options.group.update': msgId('audit.action.groupUpdate'),
  'options.group.retire': msgId('audit.action.groupRetire'),
  'options.site-choice': msgId('audit.action.siteChoice'),
  'shop.status': msgId('audit.action.shopStatus'),
  'shop.busy': msgId('audit.action.shopBusy'),
  'schedule.weekly': msgId('audit.action.scheduleWeekly'),
  'schedule.closed-day.add': msgId('audit.action.closedDayAdd'),
  'schedule.closed-day.remove': msgId('audit.action.closedDayRemove'),
  'pickup.settings': msgId('audit.action.pickupSettings'),
  'order.tumbler': msgId('audit.action.orderTumbler'),
  'order.handover': msgId('audit.action.orderHandover'),
  'order.uncollected': msgId('audit.action.orderUncollected'),
};

/** The kinds of action the filter offers (the first part of the action). */
export const AREA_LABELS: Record<AuditArea, string> = {
  user: msgId('audit.area.user'),
  site: msgId('audit.area.site'),
  menu: msgId('audit.area.menu'),
  options: msgId('audit.area.options'),
  shop: msgId('audit.area.shop'),
  schedule: msgId('audit.area.schedule'),
  pickup: msgId('audit.area.pickup'),
  order: msgId('audit.area.order'),
};

/** What kind of thing an entry is about. */
export const TARGET_LABELS: Record<AuditTargetType, string> = {
  user: msgId('audit.target.user'),
  site: msgId('audit.target.site'),
  category: msgId('audit.target.category'),
  'menu-item': msgId('audit.target.menuItem'),
  'option-group': msgId('audit.target.optionGroup'),
  'option-choice': msgId('audit.target.optionChoice'),
  'closed-day': msgId('audit.target.closedDay'),
  order: msgId('audit.target.order'),
};

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(ACTION_LABELS, action);
export const isTargetType = (type: string): type is AuditTargetType => Object.hasOwn(TARGET_LABELS, type);

/** One changed field: its name, and its value before and after as text (null: the side had none). */
export interface ChangeLine {
  field: string;
  before: string | null;
  after: string | null;
}

/** "—": a value that is empty or not set. */
export const NO_VALUE = '—';

/**
 * Short weekday names in the interface's language, 0 = Sunday (15 November 2026 was a Sunday).
 * Made per call: the language may have changed since.
 */
function weekdayName(weekday: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 10, 15 + weekday)),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One item of a list (a weekly period, a barista, a choice, a group of an item) as short text. */
function itemText(item: unknown, locale: string): string {
  if (!isRecord(item)) return valueText(item, locale);
  if (typeof item.weekday === 'number' && typeof item.opens === 'string' && typeof item.closes === 'string') {
    return `${String(item.venue)} ${weekdayName(item.weekday, locale)} ${item.opens}-${item.closes}`;
  }
  if (typeof item.name === 'string') return item.isDefault === true ? `${item.name} *` : item.name;
  if (typeof item.groupId === 'number') return `#${item.groupId}`;
  return valueText(item, locale);
}

/** A value of a field as short text: lists by their items, objects as "key: value" pairs. */
export function valueText(value: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? NO_VALUE : value.map((v) => itemText(v, locale)).join(', ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${valueText(v, locale)}`)
      .join(', ');
  }
  return JSON.stringify(value);
}

/** The fields an entry changed, each with its value before and after. */
export function changeLines(before: AuditValues | null, after: AuditValues | null, locale: string): ChangeLine[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({
    field,
    before: before ? valueText(before[field], locale) : null,
    after: after ? valueText(after[field], locale) : null,
  }));
}
