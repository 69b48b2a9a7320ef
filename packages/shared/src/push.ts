import { z } from 'zod';

/** Web Push (RFC 8030/8291): what a browser's PushSubscription carries, bounded like every other input. */
export const PUSH_LIMITS = {
  /** Push service URLs of the big browsers are a few hundred characters; 2048 leaves room. */
  endpointMax: 2048,
  /** p256dh is 87 base64url characters and auth 22; 255 is the column size. */
  keyMax: 255,
} as const;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

const PushEndpointSchema = z
  .string({ error: 'endpoint is required' })
  .min(1, { message: 'endpoint is required' })
  .max(PUSH_LIMITS.endpointMax, { message: `endpoint must be at most ${PUSH_LIMITS.endpointMax} characters` })
  .refine(isHttpUrl, { message: 'endpoint must be an https or http URL' });

const pushKeySchema = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, { message: `${name} is required` })
    .max(PUSH_LIMITS.keyMax, { message: `${name} must be at most ${PUSH_LIMITS.keyMax} characters` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `${name} must be base64url text` });

/** GET /push/public-key: the VAPID key a browser passes as applicationServerKey. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/** POST /push/subscription: PushSubscription.toJSON() of the browser (expirationTime is ignored). */
export const PushSubscriptionBodySchema = z.object({
  endpoint: PushEndpointSchema,
  keys: z.object({ p256dh: pushKeySchema('keys.p256dh'), auth: pushKeySchema('keys.auth') }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** DELETE /push/subscription. */
export const PushUnsubscribeBodySchema = z.object({ endpoint: PushEndpointSchema });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBodySchema>;

/** What the service worker shows: the JSON payload of every push message. */
export const PushMessageSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushMessage = z.infer<typeof PushMessageSchema>;
