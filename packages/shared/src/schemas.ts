import { z } from 'zod';
import { CategoryForSchema, CategoryKindSchema, IsActiveSchema, IsAvailableSchema, RoleSchema } from './enum-schemas';
import { LIMITS } from './limits';
import { DescriptionSchema, DisplayNameSchema, itemNameSchema } from './names';
import { isCafeDay } from './cafe-time';
import { MenuOptionGroupSchema } from './option-schemas';
import { DietTagSchema, DietTagsSchema, HealthConsentSchema } from './diet-schemas';

// ---------- common ----------

export { IdSchema } from './id-schema';
import { IdSchema } from './id-schema';
import { peopleText } from './people-text';
import { ruleMessage } from './rule-texts';
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
  .string({ error: ruleMessage('email is required', peopleText('people.rule.emailRequired')) })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, {
    message: ruleMessage(
      `email must be at most ${LIMITS.emailMax} characters`,
      peopleText('people.rule.emailTooLong', { max: LIMITS.emailMax }),
    ),
  })
  .pipe(
    z.email({ message: ruleMessage('email must be a valid e-mail address', peopleText('people.rule.emailInvalid')) }),
  );

/** The rules of a password a person chooses (its length) and of one they type to sign in. */
export const PASSWORD_MESSAGES = {
  required: ruleMessage('password is required', peopleText('people.rule.passwordRequired')),
  tooShort: ruleMessage(
    `password must be at least ${LIMITS.passwordMin} characters`,
    peopleText('people.rule.passwordTooShort', { min: LIMITS.passwordMin }),
  ),
  tooLong: ruleMessage(
    `password must be at most ${LIMITS.passwordMax} characters`,
    peopleText('people.rule.passwordTooLong', { max: LIMITS.passwordMax }),
  ),
} as const;

// ---------- auth ----------

export const RegisterBodySchema = z.object({
  name: DisplayNameSchema,
  email: EmailSchema,
  password: z
    .string({ error: PASSWORD_MESSAGES.required })
    .min(LIMITS.passwordMin, { message: PASSWORD_MESSAGES.tooShort })
    .max(LIMITS.passwordMax, { message: PASSWORD_MESSAGES.tooLong }),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: PASSWORD_MESSAGES.required })
    .min(1, { message: PASSWORD_MESSAGES.required })
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
  /** The team the person belongs to (cups saved per team); null: none. Absent from an older server. */
  team: z.string().nullable().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** At most this many characters name a team. */
export const TEAM_MAX = 80;

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
  /**
   * What the person cannot drink (docs/allergens.md): the menu and forms warn them of drinks with
   * these. Only while their consent is given (`healthConsent`); empty otherwise.
   */
  avoids: z.array(DietTagSchema).optional(),
  /** Whether their consent to keep that list is recorded (docs/decisions/0068-health-data-consent.md). */
  healthConsent: HealthConsentSchema.optional(),
  /**
   * A list saved before consent was asked for: kept, and used nowhere (no marks, no warnings, not
   * shown to baristas) until the person agrees and saves it, or erases it. Empty otherwise.
   */
  avoidsAwaitingConsent: z.array(DietTagSchema).optional(),
});
export type Me = z.infer<typeof MeSchema>;

/**
 * PUT /user/me/avoids: the person's whole list of what they avoid (tags of the fixed list; [] for
 * none). A list that is not empty needs their consent: recorded before, or given here with
 * `consent: true` (docs/decisions/0068-health-data-consent.md).
 */
export const AvoidsBodySchema = z.object({
  avoids: DietTagsSchema,
  consent: z
    .literal(true, { error: 'consent: true to agree that the cafe keeps the list, or leave it out' })
    .optional(),
});
export type AvoidsBody = z.infer<typeof AvoidsBodySchema>;

/** The answer of PUT /user/me/avoids and DELETE /user/me/health-consent: the list as saved, and the consent. */
export const AvoidsAnswerSchema = z.object({
  avoids: z.array(DietTagSchema),
  healthConsent: HealthConsentSchema,
});
export type AvoidsAnswer = z.infer<typeof AvoidsAnswerSchema>;

export const RenameBodySchema = z.object({ name: DisplayNameSchema });
export type RenameBody = z.infer<typeof RenameBodySchema>;

export const UserPatchBodySchema = z
  .object({
    name: DisplayNameSchema.optional(),
    role: RoleSchema.optional(),
    isAvailable: IsAvailableSchema.optional(),
    /** The person's team; null or "" for none. */
    team: z
      .string()
      .trim()
      .max(TEAM_MAX, { message: `team must be at most ${TEAM_MAX} characters` })
      .nullable()
      .optional(),
  })
  .refine((b) => b.name !== undefined || b.role !== undefined || b.isAvailable !== undefined || b.team !== undefined, {
    message: 'give at least one of name, role, isAvailable, team',
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
  /** Its allergen and diet tags (docs/allergens.md), in the list's order. The server always sends it. */
  tags: z.array(DietTagSchema).optional(),
});
export type Menu = z.infer<typeof MenuSchema>;

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  categoryFor: CategoryForSchema,
  /** What the category holds, for the board's Coffee / Tea filter ("other" shows under Tea). */
  kind: CategoryKindSchema,
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
  /** Absent: inferred from the name (inferCategoryKind), for clients that predate kinds. */
  kind: CategoryKindSchema.optional(),
});
export type CategoryCreateBody = z.infer<typeof CategoryCreateBodySchema>;

export const CategoryPatchBodySchema = z.object({
  name: itemNameSchema(LIMITS.categoryNameMax).optional(),
  categoryFor: CategoryForSchema.optional(),
  /** Absent: unchanged (a new name does not change the kind). */
  kind: CategoryKindSchema.optional(),
  isAvailable: IsAvailableSchema.optional(),
});
export type CategoryPatchBody = z.infer<typeof CategoryPatchBodySchema>;

export const MenuCreateBodySchema = z.object({
  name: itemNameSchema(LIMITS.menuNameMax),
  description: DescriptionSchema.optional(),
  category_id: IdSchema,
  /** Its allergen and diet tags; absent: none. */
  tags: DietTagsSchema.optional(),
});
export type MenuCreateBody = z.infer<typeof MenuCreateBodySchema>;

export const MenuPatchBodySchema = z.object({
  name: itemNameSchema(LIMITS.menuNameMax).optional(),
  description: DescriptionSchema.optional(),
  category_id: IdSchema.optional(),
  isActive: IsActiveSchema.optional(),
  isAvailable: IsAvailableSchema.optional(),
  /** Its whole list of allergen and diet tags; absent: unchanged. */
  tags: DietTagsSchema.optional(),
});
export type MenuPatchBody = z.infer<typeof MenuPatchBodySchema>;

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
 * The menu changed: an item (`menu`), a category, or an option group (`option-group`: the group,
 * its choices, or a choice's sold-out at a site; `id` is the group's).
 */
export const MenuEventSchema = z.object({
  kind: z.enum(['menu', 'category', 'option-group']),
  id: z.number().int(),
});
export type MenuEvent = z.infer<typeof MenuEventSchema>;
