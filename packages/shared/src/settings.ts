import { z } from 'zod';

/**
 * Deployment settings the web app needs, served at runtime by `GET /api/settings` so that nothing
 * deployment-specific is baked into the web build. Public: no secrets, the same for everyone.
 */
export const PublicSettingsSchema = z.object({
  /** The only e-mail domain allowed to register and sign in, without the "@". */
  companyEmailDomain: z.string(),
  /** IANA zone of the cafe: "today", the Friday cut-off and every time shown are in this zone. */
  cafeTimeZone: z.string(),
  cafe: z.object({ latitude: z.number(), longitude: z.number() }),
  /** How far from the cafe an order may be placed, in kilometres. */
  orderRadiusKm: z.number(),
  /** Whether orders must carry coordinates within the radius. */
  locationCheck: z.boolean(),
  /** Whether bar items can be ordered online. */
  barOnlineOrdering: z.boolean(),
  /**
   * A demo (DEMO=on): its first start opens a venue a drink can be ordered from, the bar on a
   * Friday afternoon; the cafe menu says so. Absent: false.
   */
  demo: z.boolean().optional(),
  /** Opening hours as the server knows them (cafe-time hours, weekday 0 = Sunday). */
  hours: z.object({
    cafe: z.object({ open: z.number().int(), close: z.number().int(), label: z.string() }),
    bar: z.object({ weekday: z.number().int(), open: z.number().int(), close: z.number().int(), label: z.string() }),
    fridayCafeCutoffHour: z.number().int(),
  }),
  /** The server's Web Push public key (VAPID, base64url), or null when push is not offered. */
  webPushPublicKey: z.string().nullable(),
  /**
   * Single sign-on with the company's identity provider (OpenID Connect), when configured: the
   * name its button shows ("Sign in with <name>"). null: e-mail and password only.
   */
  singleSignOn: z.object({ name: z.string() }).nullable(),
  /**
   * With e-mail configured, a password registration must open the link sent to its address before
   * it can order (the web app says "check your e-mail" after registering). Absent: false.
   */
  emailConfirmation: z.boolean().optional(),
  /** With e-mail configured, a forgotten password can be reset by a link sent to the address. Absent: false. */
  passwordReset: z.boolean().optional(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
