import { z } from 'zod';
import {
  CategoryForSchema,
  DrinkTypeSchema,
  IsActiveSchema,
  IsAvailableSchema,
  OrderStatusSchema,
  RoleSchema,
  SweetnessSchema,
} from './enum-schemas';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { DescriptionSchema, DisplayNameSchema, itemNameSchema } from './names';
import { isCafeDay } from './cafe-time';
import { ChosenOptionsSchema, MenuOptionGroupSchema, OrderOptionSchema } from './option-schemas';

// ---------- common ----------

export { IdSchema } from './id-schema';
import { IdSchema } from './id-schema';
export type Id = number;

export const IdParamsSchema = z.object({ id: IdSchema });

/** The pattern shows in the OpenAPI document; the refinement also refuses days no calendar has (2026-02-30). */
export const CafeDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date written YYYY-MM-DD' })
  .refine(isCafeDay, { message: 'must be a date written YYYY-MM-DD' });

export const DateRangeQuerySchema = z.object({
  startDate: CafeDaySchema.optional(),
  endDate: CafeDaySchema.optional(),
});

export const EmailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, { message: `email must be at most ${LIMITS.emailMax} characters` })
  .pipe(z.email({ message: 'email must be a valid e-mail address' }));

// ---------- auth ----------

export const RegisterBodySchema = z.object({
  name: DisplayNameSchema,
  email: EmailSchema,
  password: z
    .string({ error: 'password is required' })
    .min(LIMITS.passwordMin, { message: `password must be at least ${LIMITS.passwordMin} characters` })
    .max(LIMITS.passwordMax, { message: `password must be at most ${LIMITS.passwordMax} characters` }),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'password is required' })
    .min(1, { message: 'password is required' })
    .max(LIMITS.passwordMax),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const RefreshBodySchema = z.object({
  refreshToken: z
    .string({ error: 'refreshToken is required' })
    .min(1, { message: 'refreshToken is required' })
    .max(LIMITS.refreshTokenMax, { message: 'refreshToken is not a token this server issued' }),
});
export type RefreshBody = z.infer<typeof RefreshBodySchema>;

/** POST /auth/sso/start: where to send the browser to sign in at the company's identity provider. */
export const SsoStartSchema = z.object({ authorizationUrl: z.string() });
export type SsoStart = z.infer<typeof SsoStartSchema>;

/**
 * POST /auth/sso/callback: the query string the identity provider sent the browser back with
 * (`?code=...&state=...`, or `?error=...`), as the web app's /login/sso screen received it.
 */
export const SsoCallbackBodySchema = z.object({
  query: z
    .string({ error: 'query is required' })
    .max(LIMITS.ssoCallbackQueryMax, { message: 'query is not an answer of the identity provider' }),
});
export type SsoCallbackBody = z.infer<typeof SsoCallbackBodySchema>;

// ---------- users ----------

export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  isAvailable: IsAvailableSchema,
});
export type User = z.infer<typeof UserSchema>;

export const MeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  /** The site the person orders at (GET /sites); null until they chose one (the first site serves them). */
  homeSiteId: z.number().int().nullable().optional(),
  /**
   * The sites whose counter the person runs, in the order of GET /sites: a barista's assigned
   * sites, every open site for an admin, none for anyone else.
   */
  staffSiteIds: z.array(z.number().int()).optional(),
});
export type Me = z.infer<typeof MeSchema>;

export const RenameBodySchema = z.object({ name: DisplayNameSchema });
export type RenameBody = z.infer<typeof RenameBodySchema>;

export const UserPatchBodySchema = z
  .object({
    name: DisplayNameSchema.optional(),
    role: RoleSchema.optional(),
    isAvailable: IsAvailableSchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.role !== undefined || b.isAvailable !== undefined, {
    message: 'give at least one of name, role, isAvailable',
  });
export type UserPatchBody = z.infer<typeof UserPatchBodySchema>;

export const PushDisableBodySchema = z.object({ status: z.literal('INACTIVE', { error: 'status must be INACTIVE' }) });

// ---------- shop status ----------

export const CafeStatusSchema = z.object({ isBarOpen: z.boolean(), isCafeOpen: z.boolean() });
export type CafeStatus = z.infer<typeof CafeStatusSchema>;

// ---------- menu and categories ----------

/** An item at one site: whether the site serves it, and whether it is sold out there now (and until when). */
export const MenuAtSiteSchema = z.object({
  siteId: z.number().int(),
  available: z.boolean(),
  soldOut: z.boolean(),
  /** When the sold-out ends by itself (ISO); null when it lasts until someone ends it, or it is not sold out. */
  soldOutUntil: z.string().nullable(),
});
export type MenuAtSite = z.infer<typeof MenuAtSiteSchema>;

export const MenuSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category_id: z.number().int(),
  isActive: IsActiveSchema,
  isAvailable: IsAvailableSchema,
  /** In the menu lists (GET /category): the item at the site the list is of. */
  atSite: MenuAtSiteSchema.optional(),
  /**
   * In the menu lists (GET /category): the item's option groups in order, with the item's own
   * minimum, maximum and defaults applied and each choice's sold-out at the list's site. Absent
   * when the item has none.
   */
  optionGroups: z.array(MenuOptionGroupSchema).optional(),
});
export type Menu = z.infer<typeof MenuSchema>;

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  categoryFor: CategoryForSchema,
  isAvailable: IsAvailableSchema,
  menu: z.array(MenuSchema),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryQuerySchema = z.object({
  categoryFor: CategoryForSchema.optional(),
  /** The site whose view of the menu (`atSite`) to give; without it, the caller's own site. */
  siteId: IdSchema.optional(),
});

export const CategoryCreateBodySchema = z.object({
  name: itemNameSchema(LIMITS.categoryNameMax),
  categoryFor: CategoryForSchema,
});
export type CategoryCreateBody = z.infer<typeof CategoryCreateBodySchema>;

export const CategoryPatchBodySchema = z.object({
  name: itemNameSchema(LIMITS.categoryNameMax).optional(),
  categoryFor: CategoryForSchema.optional(),
  isAvailable: IsAvailableSchema.optional(),
});
export type CategoryPatchBody = z.infer<typeof CategoryPatchBodySchema>;

export const MenuCreateBodySchema = z.object({
  name: itemNameSchema(LIMITS.menuNameMax),
  description: DescriptionSchema.optional(),
  category_id: IdSchema,
});
export type MenuCreateBody = z.infer<typeof MenuCreateBodySchema>;

export const MenuPatchBodySchema = z.object({
  name: itemNameSchema(LIMITS.menuNameMax).optional(),
  description: DescriptionSchema.optional(),
  category_id: IdSchema.optional(),
  isActive: IsActiveSchema.optional(),
  isAvailable: IsAvailableSchema.optional(),
});
export type MenuPatchBody = z.infer<typeof MenuPatchBodySchema>;

// ---------- orders ----------

export const OrderSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  orderDate: z.string(),
  updatedAt: z.string(),
  type: DrinkTypeSchema.nullable(),
  sweetness: z.number().nullable(),
  remark: z.string(),
  tumblerImage: z.string(),
  rejectNote: z.string(),
  menu: z.object({
    id: z.number().int(),
    name: z.string(),
    category: z.object({ id: z.number().int(), name: z.string(), categoryFor: CategoryForSchema }),
  }),
  /** For a walk-up order (a barista entered it at the counter): who it is for; a guest's name for a guest. */
  user: z.object({ id: z.number().int(), name: z.string() }),
  /** The site whose queue, board and counter the order is at (its name as it is now). */
  site: z.object({ id: z.number().int(), name: z.string() }),
  /** True for an order a barista entered at the counter (no tumbler photo); absent or false otherwise. */
  walkUp: z.boolean().optional(),
  /** The choices made (drink options), as they were named when it was placed; absent when none. */
  options: z.array(OrderOptionSchema).optional(),
  /**
   * An order for later: the start of its pickup slot (ISO). Absent for "as soon as possible". While
   * its status is `scheduled` it waits in the board's Later lane.
   */
  pickupAt: z.string().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const QueuedOrderSchema = OrderSchema.extend({
  queue_at: z.number().int().nullable(),
  /** Estimated minutes until this waiting order is ready; null when not waiting or unknown. */
  estimatedWaitMinutes: z.number().nullable().optional(),
});
export type QueuedOrder = z.infer<typeof QueuedOrderSchema>;

export const RemarkSchema = z.string().max(LIMITS.remarkMax, { message: MESSAGES.remarkTooLong });

export const OrderCreateBodySchema = z.object({
  menu_id: IdSchema,
  menu_name: z.string().max(200).optional(),
  type: DrinkTypeSchema.optional(),
  sweetness: SweetnessSchema.optional(),
  remark: RemarkSchema.optional(),
  tumblerImage: z
    .string({ error: 'tumblerImage is required' })
    .min(1, { message: 'tumblerImage is required' })
    .max(2048),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  /** The site to order at (GET /sites); without it, the person's home site. */
  siteId: IdSchema.optional(),
  /** The drink's options (docs/api.md, "Drink options"); without it, the item's defaults. */
  options: ChosenOptionsSchema.optional(),
  /** An order for later: the start of a slot of GET /sites/{siteId}/slots; without it, as soon as possible. */
  pickupAt: z.iso.datetime({ offset: true, message: 'pickupAt must be an ISO date and time' }).optional(),
});
export type OrderCreateBody = z.infer<typeof OrderCreateBodySchema>;

/** The name of the header that makes a placement safe to retry (docs/api.md, POST /order). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * POST /order's headers: an optional Idempotency-Key (a UUID is what the web app sends). Other
 * headers pass through untouched.
 */
export const OrderCreateHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7E]{1,255}$/, { message: 'must be 1 to 255 visible ASCII characters' })
    .optional()
    .describe('Any value unique to this order draft; a retry with the same key answers the same order.'),
});

export const OwnerOrderPatchBodySchema = z.object({
  status: z.enum(['cancel', 'picked'], { error: 'status must be cancel or picked' }),
});
export type OwnerOrderPatchBody = z.infer<typeof OwnerOrderPatchBodySchema>;

export const BaristaOrderPatchBodySchema = z.object({
  status: z.enum(['in-progress', 'done', 'rejected'], { error: 'status must be in-progress, done or rejected' }),
  reject_note: z
    .string()
    .trim()
    .min(1, { message: 'reject_note must not be empty' })
    .max(LIMITS.rejectNoteMax, { message: `reject_note must be at most ${LIMITS.rejectNoteMax} characters` })
    .optional(),
});
export type BaristaOrderPatchBody = z.infer<typeof BaristaOrderPatchBodySchema>;

/** `status` repeated or as a comma list; each status once, however often it was sent (each becomes an SQL parameter). */
const StatusListSchema = z.preprocess((v) => {
  if (v === undefined) return undefined;
  const list: unknown[] = Array.isArray(v) ? (v as unknown[]) : [v];
  const flat = list.flatMap((s): unknown[] =>
    typeof s === 'string'
      ? s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : [s],
  );
  return [...new Set(flat)];
}, z.array(OrderStatusSchema).optional());

export const OrderListQuerySchema = DateRangeQuerySchema.extend({
  status: StatusListSchema,
  /** The site whose orders to list (the board); without it, the barista's own site. */
  siteId: IdSchema.optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const CountSchema = z.object({ totalOrder: z.number().int() });

/**
 * GET /order/history/barista: one page of finished orders. `cursor` is the `nextCursor` of the
 * page before (opaque; absent for the first page), `limit` the page size.
 */
export const BaristaHistoryQuerySchema = z.object({
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z
        .number({ error: `limit must be a whole number from 1 to ${LIMITS.historyPageMax}` })
        .int({ message: `limit must be a whole number from 1 to ${LIMITS.historyPageMax}` })
        .min(1, { message: `limit must be a whole number from 1 to ${LIMITS.historyPageMax}` })
        .max(LIMITS.historyPageMax, { message: `limit must be a whole number from 1 to ${LIMITS.historyPageMax}` }),
    )
    .optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { message: 'is not a cursor this server gave' })
    .optional(),
  /** The site whose history (the caller's own without it); a barista of another site gets 403. */
  siteId: IdSchema.optional(),
});
export type BaristaHistoryQuery = z.infer<typeof BaristaHistoryQuerySchema>;

/** The served (done or picked) orders of one cafe day, the day's "Total Order:". */
export const DayTotalSchema = z.object({ day: z.string(), totalOrder: z.number().int() });
export type DayTotal = z.infer<typeof DayTotalSchema>;

export const BaristaHistoryPageSchema = z.object({
  /** Finished orders (done, picked, cancel, rejected), newest orderDate first (ties: higher id first). */
  orders: z.array(OrderSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** For every cafe day of `orders`: that whole day's served orders, on this page or not. */
  dayTotals: z.array(DayTotalSchema),
});
export type BaristaHistoryPage = z.infer<typeof BaristaHistoryPageSchema>;

// ---------- statistics ----------

/**
 * Every statistics endpoint's query. `siteId` names one site; without it an admin reads every site
 * together and a barista their own site (docs/api.md, "Statistics").
 */
export const StatsQuerySchema = z.object({
  startDate: CafeDaySchema,
  endDate: CafeDaySchema,
  categoryFor: CategoryForSchema.optional(),
  siteId: IdSchema.optional(),
});
export type StatsQuery = z.infer<typeof StatsQuerySchema>;

export const CountTotalQuerySchema = StatsQuerySchema.extend({ categoryFor: CategoryForSchema });

export const PopularMenuRowSchema = z.object({
  Menu_name: z.string(),
  categoryName: z.string(),
  categoryFor: CategoryForSchema,
  totalOrder: z.number().int(),
});
export type PopularMenuRow = z.infer<typeof PopularMenuRowSchema>;

// ---------- uploads ----------

export const UploadJsonBodySchema = z.object({
  file: z.string({ error: 'file is required' }).min(1, { message: 'file is required' }),
});
export const UploadResultSchema = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof UploadResultSchema>;

// ---------- live events ----------

/**
 * An order placed or moved on. Besides the fields of the first version it carries what changed:
 * the status it left (`from`, null for a new order) and the whole Order as GET /order/{id} would
 * answer it, so a client updates what it shows without asking again.
 */
export const OrdersEventSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  userId: z.number().int(),
  categoryFor: CategoryForSchema,
  updatedAt: z.string(),
  from: OrderStatusSchema.nullable(),
  order: OrderSchema,
});
export type OrdersEvent = z.infer<typeof OrdersEventSchema>;

/**
 * The menu changed: an item (`menu`), a category, or an option group (`option-group`: the group,
 * its choices, or a choice's sold-out at a site; `id` is the group's).
 */
export const MenuEventSchema = z.object({
  kind: z.enum(['menu', 'category', 'option-group']),
  id: z.number().int(),
});
export type MenuEvent = z.infer<typeof MenuEventSchema>;
