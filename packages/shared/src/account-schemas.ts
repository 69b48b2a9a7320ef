import { z } from 'zod';
import { AuditEntrySchema } from './audit-schemas';
import { NotificationSettingsSchema } from './notification-schemas';
import { DietTagSchema } from './diet-schemas';

/** DELETE /user/me: the person types their e-mail address, so an account is not deleted by a slip. */
export const DeleteOwnAccountBodySchema = z.object({
  confirm: z
    .string({ error: 'confirm: type your e-mail address to delete your account' })
    .max(254, { message: 'confirm: type your e-mail address to delete your account' }),
});
export type DeleteOwnAccountBody = z.infer<typeof DeleteOwnAccountBodySchema>;

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
    /** What the person cannot drink (docs/allergens.md); absent in files exported before it existed. */
    avoids: z.array(DietTagSchema).optional(),
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
      history: z.array(
        z.object({ from: z.string().nullable(), to: z.string(), at: z.string(), note: z.string().nullable() }),
      ),
    }),
  ),
  photos: z.array(z.object({ url: z.string(), mime: z.string(), uploadedAt: z.string(), dataUrl: z.string() })),
  pushSubscriptions: z.array(z.object({ service: z.string(), createdAt: z.string() })),
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
