import { z } from 'zod';

/**
 * GET /privacy: what the cafe keeps and for how long, from the settings the daily clean-up uses
 * (docs/privacy.md). Public: the privacy page is read before signing in.
 */
export const PrivacyPolicySchema = z.object({
  /** Tumbler photos are deleted this many days after the last order that shows them ended. */
  photoDays: z.number().int(),
  /** Sent notifications are deleted this many days after they were written. */
  notificationDays: z.number().int(),
  /** A sign-in (its session) is kept until it expires, this many days after its last use. */
  sessionDays: z.number().int(),
  /** People sign in with the company's identity provider. */
  singleSignOn: z.boolean(),
  /** The notification channels the company set up, beside Web Push. */
  channels: z.object({ slack: z.boolean(), email: z.boolean(), webhook: z.boolean() }),
});
export type PrivacyPolicy = z.infer<typeof PrivacyPolicySchema>;
