import { z } from 'zod';

/**
 * Where "your drink is ready" reaches a person (docs/notifications.md). Each is offered only when
 * the company configured it; each person picks any combination in their profile.
 */
export const NOTIFICATION_CHANNELS = ['push', 'slack', 'email', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NotificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

/** The languages a notification is written in. */
export const NOTIFICATION_LANGUAGES = ['en', 'th'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];
export const NotificationLanguageSchema = z.enum(NOTIFICATION_LANGUAGES, {
  error: 'language: must be en or th',
});

/** One channel as the person sees it: whether the company offers it and whether they chose it. */
export const NotificationChannelSettingSchema = z.object({
  /** The company configured it: a person may choose it. */
  available: z.boolean(),
  /** The person chose it (an unavailable channel is never used, chosen or not). */
  enabled: z.boolean(),
});
export type NotificationChannelSetting = z.infer<typeof NotificationChannelSettingSchema>;

/** GET and PUT /user/notifications: the caller's channels and the language of their messages. */
export const NotificationSettingsSchema = z.object({
  language: NotificationLanguageSchema,
  channels: z.object({
    push: NotificationChannelSettingSchema,
    slack: NotificationChannelSettingSchema,
    email: NotificationChannelSettingSchema,
    webhook: NotificationChannelSettingSchema,
  }),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** PUT /user/notifications: any of the language and the channels; what is left out stays. */
export const NotificationSettingsBodySchema = z
  .object({
    language: NotificationLanguageSchema.optional(),
    push: z.boolean({ error: 'push: must be true or false' }).optional(),
    slack: z.boolean({ error: 'slack: must be true or false' }).optional(),
    email: z.boolean({ error: 'email: must be true or false' }).optional(),
    webhook: z.boolean({ error: 'webhook: must be true or false' }).optional(),
  })
  .strict();
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBodySchema>;

/** The outbox of one channel, as an admin reads it. */
export const OutboxChannelHealthSchema = z.object({
  channel: NotificationChannelSchema,
  /** The company configured the channel. */
  configured: z.boolean(),
  /** Waiting to be sent, or to be tried again. */
  pending: z.number().int(),
  /** Given up on: refused for good, or tried the most times. */
  failed: z.number().int(),
  /** Delivered (as long as the outbox keeps them, docs/notifications.md). */
  sent: z.number().int(),
  /** The newest error of a delivery of this channel, or null. */
  lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
});
export type OutboxChannelHealth = z.infer<typeof OutboxChannelHealthSchema>;

/** GET /notifications/outbox: the outbox's health for admins. */
export const OutboxHealthSchema = z.object({
  pending: z.number().int(),
  failed: z.number().int(),
  /** When the oldest notification still pending was written, or null. */
  oldestPendingAt: z.string().nullable(),
  /** The newest error of any channel, or null. */
  lastError: z.object({ channel: NotificationChannelSchema, message: z.string(), at: z.string() }).nullable(),
  channels: z.array(OutboxChannelHealthSchema),
});
export type OutboxHealth = z.infer<typeof OutboxHealthSchema>;

/**
 * The body of the generic webhook (docs/notifications.md), signed with the company's secret:
 * header `X-Cafe-Signature: sha256=<hex HMAC-SHA256 of "<X-Cafe-Timestamp>.<body>">`.
 */
export const WebhookPayloadSchema = z.object({
  /**
   * The notification's id, a random UUID (`X-Cafe-Delivery` too): the same on every attempt and never
   * repeated across restores or deployments, so a receiver can drop a repeat.
   */
  id: z.string(),
  type: z.enum([
    'order.done',
    'order.rejected',
    'order.undone',
    'order.released',
    'order.tumbler-missing',
    'order.reminder',
    /** The drink will be more than 2 minutes later than promised at placement: `order.readyAt` is the new time (told once). */
    'order.late',
  ]),
  createdAt: z.string(),
  language: NotificationLanguageSchema,
  recipient: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  order: z.object({
    id: z.number().int(),
    drink: z.string(),
    status: z.string(),
    site: z.object({ id: z.number().int(), name: z.string() }),
    counter: z.enum(['cafe', 'bar']),
    rejectNote: z.string().nullable(),
    pickupAt: z.string().nullable(),
    /** `order.tumbler-missing`: when the order is cancelled unless the tumbler is brought. */
    tumblerDeadline: z.string().nullable().optional(),
    /** `order.late`: when the drink is now expected ready (ISO). */
    readyAt: z.string().nullable().optional(),
  }),
  message: z.object({ title: z.string(), text: z.string(), url: z.string() }),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

/**
 * The webhook's body when a standing order could not be placed on its day (docs/standing-orders.md):
 * no order exists, so it names the standing order, the day and the reason instead.
 */
export const StandingWebhookPayloadSchema = z.object({
  id: z.string(),
  type: z.literal('standing.failed'),
  createdAt: z.string(),
  language: NotificationLanguageSchema,
  recipient: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  standingOrder: z.object({
    id: z.number().int(),
    day: z.string(),
    time: z.string(),
    drink: z.string(),
    site: z.object({ id: z.number().int(), name: z.string() }),
    /** The placement decision's refusal, as the person reads it. */
    reason: z.string(),
  }),
  message: z.object({ title: z.string(), text: z.string(), url: z.string() }),
});
export type StandingWebhookPayload = z.infer<typeof StandingWebhookPayloadSchema>;
