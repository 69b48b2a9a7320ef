import { z } from 'zod';
import { IdSchema } from './id-schema';
import { LIMITS } from './limits';
import { CafeDaySchema } from './schemas';

/**
 * The administrative actions the audit log records (docs/api.md, "Audit log"). A name is
 * `<area>.<what>`, so `action=menu` filters every menu change and `action=menu.item` the items'.
 */
export const AUDIT_ACTIONS = [
  'user.role',
  'user.availability',
  'user.name',
  'user.team',
  'user.delete',
  'user.password',
  'user.password-reset',
  'user.health-consent.give',
  'user.health-consent.withdraw',
  'user.second-factor.add',
  'user.second-factor.remove',
  'user.second-factor.reset',
  'user.recovery-codes.new',
  'user.recovery-code.use',
  'user.second-factor-policy',
  'site.create',
  'site.update',
  'site.archive',
  'site.baristas',
  'site.display.create',
  'site.display.revoke',
  'menu.category.create',
  'menu.category.update',
  'menu.item.create',
  'menu.item.update',
  'menu.item.options',
  'menu.site-item',
  'options.group.create',
  'options.group.update',
  'options.group.retire',
  'options.site-choice',
  'shop.status',
  'shop.busy',
  'schedule.weekly',
  'schedule.closed-day.add',
  'schedule.closed-day.remove',
  'pickup.settings',
  'order.tumbler',
  'order.handover',
  'order.uncollected',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The first part of the actions: what an admin filters the log by. */
export const AUDIT_AREAS = ['user', 'site', 'menu', 'options', 'shop', 'schedule', 'pickup', 'order'] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

/** What an entry is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'site',
  'category',
  'menu-item',
  'option-group',
  'option-choice',
  'closed-day',
  'order',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The fields a change touched, as they were or became (a JSON object; names as in the API). */
export const AuditValuesSchema = z.record(z.string(), z.unknown());
export type AuditValues = z.infer<typeof AuditValuesSchema>;

/** One entry of the audit log. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** When the change was made (ISO-8601 UTC). */
  at: z.string(),
  /**
   * Who made it: their id (null once the account is gone, or for the system) and their name then;
   * the cafe's own changes (the opening hours, the timers) are named SYSTEM_ACTOR_NAME, with
   * `system: true`.
   */
  actor: z.object({ id: z.number().int().nullable(), name: z.string(), system: z.literal(true).optional() }),
  /** One of AUDIT_ACTIONS. */
  action: z.string(),
  /** What changed: its kind, its id (a closed day's is the day), and its name now (null: none, or gone). */
  target: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
  /** The site the change was made at, if it was made at one. */
  site: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The changed fields before the change (null: it did not exist) and after it (null: it no longer does). */
  before: AuditValuesSchema.nullable(),
  after: AuditValuesSchema.nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const limitMessage = `limit must be a whole number from 1 to ${LIMITS.historyPageMax}`;

/** The filters of GET /audit and GET /audit/export. */
export const AuditFilterSchema = z.object({
  /** An action, or the start of one: `user`, `menu.item`, `shop.status`. */
  action: z
    .string()
    .regex(/^[a-z][a-z.-]{0,39}$/, { message: 'must be an action or the start of one, such as menu or user.role' })
    .optional(),
  /** Only the changes this person made. */
  actorId: IdSchema.optional(),
  /** From this cafe day on (the first site's time zone, as GET /settings), included. */
  from: CafeDaySchema.optional(),
  /** Up to this cafe day, included. */
  to: CafeDaySchema.optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** GET /audit: one page, newest first. `cursor` is the `nextCursor` of the page before. */
export const AuditQuerySchema = AuditFilterSchema.extend({
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z
        .number({ error: limitMessage })
        .int({ message: limitMessage })
        .min(1, { message: limitMessage })
        .max(LIMITS.historyPageMax, { message: limitMessage }),
    )
    .optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { message: 'is not a cursor this server gave' })
    .optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  /** Newest first (ties: the higher id first). */
  entries: z.array(AuditEntrySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The columns of GET /audit/export, in order. */
export const AUDIT_CSV_HEADER = ['at', 'actor', 'action', 'target', 'site', 'before', 'after'] as const;
