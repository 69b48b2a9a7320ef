import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'EMAIL_DOMAIN',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_NOT_CONFIRMED',
  'SSO_STATE',
  'SSO_REFUSED',
  'SSO_UNAVAILABLE',
  'OUT_OF_RANGE',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'WEAK_PASSWORD',
  'WRONG_PASSWORD',
  'NO_PASSWORD',
  'SECOND_FACTOR_FAILED',
  'SECOND_FACTOR_MISSING',
  'HEALTH_CONSENT_REQUIRED',
  'ORDER_LIMIT_REACHED',
  'CAFE_CLOSED',
  'BAR_CLOSED',
  'CAFE_MENU_CLOSED_FRIDAY',
  'MENU_UNAVAILABLE',
  'INVALID_TRANSITION',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'UNDO_EXPIRED',
  'NOT_YET_UNCOLLECTED',
  'ORDER_CLAIMED',
  'NO_TUMBLER',
  'ORDERS_PAUSED',
  'SITE_ARCHIVED',
  'SITE_HAS_OPEN_ORDERS',
  'ACCOUNT_HAS_OPEN_ORDERS',
  'SITE_NAME_TAKEN',
  'SLOT_FULL',
  'BAR_ORDERING_DISABLED',
  'DIET_CONFIRMATION_NEEDED',
  'RUN_CLOSED',
  'RUN_JOINED',
  'RUN_TIMES',
  'RUN_OPEN_ALREADY',
  'RUN_CAFE_ONLY',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: ErrorCodeSchema,
  /**
   * The people catalogue's message (packages/shared/locales) a person reads for this answer, with
   * the values it names: a client words it from these in the person's language, never from
   * `message`. On every answer a person may read: a refusal's own message, a shared rule's (with its
   * limit), else its code's (docs/decisions/0105). Left out for a detail of a request no form sends.
   */
  messageId: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
