import { z } from 'zod';
import { AuditEntrySchema } from './audit-schemas';
import { CHAT_CHANNELS } from './chat-schemas';
import { NotificationSettingsSchema } from './notification-schemas';
import { DietTagSchema } from './diet-schemas';

/** DELETE /user/me: the person types their e-mail address, so an account is not deleted by a slip. */
export const DeleteOwnAccountBodySchema = z.object({
  confirm: z
    .string({ error: 'confirm: type your e-mail address to delete your account' })
    .max(254, { message: 'confirm: type your e-mail address to delete your account' }),
});
export type DeleteOwnAccountBody = z.infer<typeof DeleteOwnAccountBodySchema>;

/** A drink as the person saved it (their usual, a standing order): its fields as the order form sends them. */
const SavedDrinkSchema = z.record(z.string(), z.unknown());

/**
 * GET /user/me/export: everything the cafe holds about the caller, as one JSON file
 * (docs/privacy.md). Photos are included as data URLs.
 */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    /** `password` or `single sign-on` (an account made by the company's identity provider has no password). */
    signIn: z.enum(['password', 'single sign-on']),
    homeSite: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** The team an admin put the person in (cups saved per team); null: none. Absent in files exported before it existed. */
    team: z.string().nullable().optional(),
    /**
     * What the person cannot drink (docs/allergens.md), as stored: in use while `healthConsent` is
     * given, else kept awaiting it (a list saved before consent was asked for). Absent in files
     * exported before it existed.
     */
    avoids: z.array(DietTagSchema).optional(),
    /**
     * The person's consent to keep that list (docs/decisions/0068-health-data-consent.md): the
     * wording's version, when it was given and when withdrawn (null: not withdrawn); null when
     * never given. Absent in files exported before it existed.
     */
    healthConsent: z
      .object({ version: z.string(), givenAt: z.string(), withdrawnAt: z.string().nullable() })
      .nullable()
      .optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  notificationSettings: NotificationSettingsSchema,
  orders: z.array(
    z.object({
      id: z.number().int(),
      site: z.string(),
      venue: z.string(),
      drink: z.string(),
      options: z.array(z.object({ group: z.string(), choice: z.string(), quantity: z.number().int() })),
      type: z.string().nullable(),
      sweetness: z.number().nullable(),
      remark: z.string(),
      tumblerImage: z.string(),
      status: z.string(),
      rejectNote: z.string(),
      placedAt: z.string(),
      pickupAt: z.string().nullable(),
      /** Served into the person's own tumbler: a cup saved once picked up. Absent in files exported before it existed. */
      ownCup: z.boolean().optional(),
      history: z.array(
        z.object({ from: z.string().nullable(), to: z.string(), at: z.string(), note: z.string().nullable() }),
      ),
    }),
  ),
  photos: z.array(z.object({ url: z.string(), mime: z.string(), uploadedAt: z.string(), dataUrl: z.string() })),
  pushSubscriptions: z.array(z.object({ service: z.string(), createdAt: z.string() })),
  /**
   * The coffee runs the person started (collecting colleagues' drinks): where to, the pickup time,
   * when it closed (null: by its time). Absent in files exported before it existed.
   */
  runs: z
    .array(
      z.object({
        id: z.number().int(),
        site: z.string(),
        place: z.string(),
        pickupAt: z.string(),
        closesAt: z.string(),
        closedAt: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .optional(),
  signIns: z.array(
    z.object({ startedAt: z.string(), lastUsedAt: z.string(), expiresAt: z.string(), ended: z.boolean() }),
  ),
  notifications: z.array(
    z.object({
      channel: z.string(),
      event: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      title: z.string(),
      text: z.string(),
    }),
  ),
  /**
   * The person's saved usual (PUT /me/usual): the drink's fields as saved (`menu_id`, `type`,
   * `sweetness`, `remark`, `options`), the item's name now (null: no longer on the menu), when it
   * was saved; null without one. Absent in files exported before it existed.
   */
  usual: z
    .object({ drink: SavedDrinkSchema, drinkName: z.string().nullable(), savedAt: z.string() })
    .nullable()
    .optional(),
  /**
   * The person's standing orders (docs/standing-orders.md), ended ones too, each with the days it
   * ran. `drink` null: their usual on the day. Absent in files exported before it existed.
   */
  standingOrders: z
    .array(
      z.object({
        id: z.number().int(),
        site: z.string(),
        drink: SavedDrinkSchema.nullable(),
        drinkName: z.string().nullable(),
        /** What the drink contains that the person avoids and said they want anyway when they set it. */
        dietConfirmed: z.array(DietTagSchema),
        weekdays: z.array(z.number().int()),
        time: z.string(),
        paused: z.boolean(),
        skipDate: z.string().nullable(),
        endedAt: z.string().nullable(),
        endedReason: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
        runs: z.array(
          z.object({
            day: z.string(),
            outcome: z.string(),
            orderId: z.number().int().nullable(),
            reason: z.string().nullable(),
            at: z.string(),
          }),
        ),
      }),
    )
    .optional(),
  /**
   * The chat accounts linked to the person (docs/slack.md, docs/line.md, docs/teams.md): the
   * service, the Slack workspace (null for LINE and Teams) and the person's id there, how and when
   * linked, and when the person unlinked (null: still linked). Absent in files exported before it existed.
   */
  chatLinks: z
    .array(
      z.object({
        service: z.enum(CHAT_CHANNELS),
        workspaceId: z.string().nullable(),
        userId: z.string(),
        linkedBy: z.string(),
        linkedAt: z.string(),
        revokedAt: z.string().nullable(),
      }),
    )
    .optional(),
  /**
   * The audit log's entries about the person (their account, their orders) and those they made,
   * newest first, as the audit log shows them (GET /audit). Of a change a non-admin made to
   * another person's account, that person's name and values are left out.
   */
  audit: z.array(AuditEntrySchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

/** GET /auth/email-confirmation: whether the caller must still open the link sent to their address. */
export const EmailConfirmationStatusSchema = z.object({
  /** The company configured e-mail: password registrations confirm their address. */
  required: z.boolean(),
  confirmed: z.boolean(),
  email: z.string(),
});
export type EmailConfirmationStatus = z.infer<typeof EmailConfirmationStatusSchema>;

/** POST /auth/email-confirmation: the token of the link (the `token` of /confirm-email?token=...). */
export const ConfirmEmailBodySchema = z.object({
  token: z
    .string({ error: 'token: is required' })
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'token: is not the token of a confirmation link' }),
});
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBodySchema>;
