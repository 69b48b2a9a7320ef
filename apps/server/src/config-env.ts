/**
 * The environment the server reads, as one zod schema: every variable with its type, bounds and
 * default, and the message a wrong value is refused with. Apart from config.ts, which turns the
 * parsed environment into the server's Config and enforces the rules that span several variables
 * (all-or-nothing groups, production's refusals), so a new setting is one line here.
 */
import { z } from 'zod';

/** A setting the server cannot start with; its message says what to change. */
export class ConfigError extends Error {}

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

/** An optional setting that a blank value (as compose files often pass) leaves unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/** A number of grams per cup: 0 or more (a kilogram at most, which no cup weighs or emits). */
const cupGrams = (name: string) => {
  const message = `${name} must be a number of grams from 0 to 1000`;
  return z.coerce.number({ error: message }).min(0, { message }).max(1000, { message });
};

/** The push services of the browsers people use; the server only ever posts to these. */
const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The schema owner's connection, for the migrations only (docs/deploy.md, Database roles). */
  MIGRATE_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'MIGRATE_DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('./data'),
  COMPANY_EMAIL_DOMAIN: z.string().default('example.com'),
  CAFE_TIMEZONE: z.string().default('Asia/Bangkok'),
  CAFE_LAT: z.coerce.number().min(-90).max(90).default(13.7466),
  CAFE_LNG: z.coerce.number().min(-180).max(180).default(100.5393),
  ORDER_RADIUS_KM: z.coerce.number().positive().default(1),
  LOCATION_CHECK: onOff.optional(),
  BAR_ONLINE_ORDERING: onOff.optional(),
  /** How the promised ready time is worked out (docs/decisions/0101-one-promise-model.md): the line model, or `pace` (the estimate before it, for the bench). */
  PROMISE_MODEL: z.enum(['line', 'pace']).default('line'),
  OPENING_HOURS: onOff.default(true),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  DEMO: onOff.optional(),
  JWT_SECRET: z.string().min(16, 'JWT_SECRET must be at least 16 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.string().optional(),
  CLOCK_NOW: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  WEB_DIST: z.string().optional(),
  ACCESS_TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  /** The signing key before JWT_SECRET: tokens it signed are taken until they expire (a key change signs no one out). */
  JWT_PREVIOUS_SECRET: unsetWhenEmpty(z.string().min(16, 'JWT_PREVIOUS_SECRET must be at least 16 characters')),
  /** The longest a session lasts from its sign-in, however often it is used (docs/decisions/0079). */
  ABSOLUTE_SESSION_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(90 * 24 * 3600),
  /** The longest a session made by single sign-on lasts before the identity provider is asked again. */
  SSO_SESSION_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  RATE_LIMIT: onOff.default(true),
  REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  TRUST_PROXY: z
    .string()
    .max(2000)
    .regex(/^[0-9A-Fa-f.:/,\s]*$/, 'TRUST_PROXY must be a hop count or a comma list of addresses/CIDRs')
    .default(''),
  PUSH_ENDPOINT_HOSTS: z.string().max(2000).default(DEFAULT_PUSH_HOSTS.join(',')),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)')
    .optional(),
  OIDC_ISSUER: unsetWhenEmpty(
    z.url({ protocol: /^https?$/, message: "OIDC_ISSUER must be the http(s) URL of the identity provider's issuer" }),
  ),
  OIDC_CLIENT_ID: unsetWhenEmpty(z.string()),
  OIDC_CLIENT_SECRET: unsetWhenEmpty(z.string()),
  OIDC_NAME: z.string().trim().min(1).max(60).default('company account'),
  /**
   * The server's own certificate and key (PEM), when it speaks TLS itself: the hop from nginx is
   * then encrypted too (docs/deploy.md, "TLS inside the host"). Usually TLS_CERT_FILE and
   * TLS_KEY_FILE, files made by deploy/make-internal-ca.sh.
   */
  TLS_CERT: unsetWhenEmpty(
    z.string().includes('-----BEGIN CERTIFICATE-----', { message: 'TLS_CERT must be a PEM certificate' }),
  ),
  TLS_KEY: unsetWhenEmpty(z.string().regex(/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'TLS_KEY must be a PEM private key')),
  PUBLIC_URL: unsetWhenEmpty(
    z.url({ protocol: /^https?$/, message: 'PUBLIC_URL must be the http(s) URL people open the cafe at' }),
  ),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .optional(),
  SLACK_BOT_TOKEN: unsetWhenEmpty(z.string().trim().min(8, 'SLACK_BOT_TOKEN must be the bot token (xoxb-...)')),
  SLACK_API_URL: z
    .url({ protocol: /^https?$/, message: 'SLACK_API_URL must be the http(s) URL of the Slack Web API' })
    .default('https://slack.com/api'),
  /** The Slack app (docs/slack.md): the secret Slack signs its requests with, and the one workspace it serves. */
  SLACK_SIGNING_SECRET: unsetWhenEmpty(
    z.string().trim().min(16, "SLACK_SIGNING_SECRET must be the app's signing secret (Basic Information)"),
  ),
  SLACK_TEAM_ID: unsetWhenEmpty(
    z
      .string()
      .trim()
      .regex(/^T[A-Z0-9]{2,30}$/, 'SLACK_TEAM_ID must be the workspace id (T...)'),
  ),
  /** The LINE Official Account (docs/line.md): the Messaging API channel's secret and long-lived access token. */
  LINE_CHANNEL_SECRET: unsetWhenEmpty(
    z.string().trim().min(16, "LINE_CHANNEL_SECRET must be the Messaging API channel's secret (Basic settings)"),
  ),
  LINE_CHANNEL_ACCESS_TOKEN: unsetWhenEmpty(
    z.string().trim().min(16, 'LINE_CHANNEL_ACCESS_TOKEN must be the channel access token (Messaging API tab)'),
  ),
  LINE_API_URL: z
    .url({ protocol: /^https?$/, message: 'LINE_API_URL must be the http(s) URL of the LINE Platform API' })
    .default('https://api.line.me'),
  /** The LINE Login channel of the LIFF app (its channel id checks the LIFF ID token) and the LIFF app's id. */
  LINE_LOGIN_CHANNEL_ID: unsetWhenEmpty(
    z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, 'LINE_LOGIN_CHANNEL_ID must be the LINE Login channel id (digits)'),
  ),
  LINE_LIFF_ID: unsetWhenEmpty(
    z
      .string()
      .trim()
      .regex(/^\d{6,20}-[A-Za-z0-9]{4,20}$/, 'LINE_LIFF_ID must be the LIFF app id (1234567890-AbCdEfGh)'),
  ),
  /** The Microsoft Teams bot (docs/teams.md): the Azure Bot's app id and its client secret. */
  TEAMS_APP_ID: unsetWhenEmpty(
    z
      .string()
      .trim()
      .regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        'TEAMS_APP_ID must be the app id (a GUID)',
      ),
  ),
  TEAMS_APP_PASSWORD: unsetWhenEmpty(
    z.string().trim().min(16, "TEAMS_APP_PASSWORD must be the app registration's client secret"),
  ),
  /** The company's Microsoft Entra tenant: the bot answers only its people (single-tenant bot). */
  TEAMS_TENANT_ID: unsetWhenEmpty(
    z
      .string()
      .trim()
      .regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        'TEAMS_TENANT_ID must be the tenant id (a GUID)',
      ),
  ),
  /** Where the Bot Framework's signing keys are published, and where the bot gets its own token (tests: local fakes). */
  TEAMS_OPENID_METADATA_URL: z
    .url({ protocol: /^https?$/, message: 'TEAMS_OPENID_METADATA_URL must be an http(s) URL' })
    .default('https://login.botframework.com/v1/.well-known/openidconfiguration'),
  TEAMS_TOKEN_URL: z
    .url({ protocol: /^https?$/, message: 'TEAMS_TOKEN_URL must be an http(s) URL' })
    .default('https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token'),
  SMTP_URL: unsetWhenEmpty(
    z.url({ protocol: /^smtps?$/, message: 'SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)' }),
  ),
  MAIL_FROM: unsetWhenEmpty(z.string().trim().max(200)),
  WEBHOOK_URL: unsetWhenEmpty(
    z.url({ protocol: /^https?$/, message: 'WEBHOOK_URL must be the http(s) URL notifications are posted to' }),
  ),
  WEBHOOK_SECRET: unsetWhenEmpty(z.string().min(16, 'WEBHOOK_SECRET must be at least 16 characters')),
  PHOTO_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  /** Grams of waste and of CO2e one disposable cup with its lid stands for (docs/cups-saved.md); blank: the default. */
  CUPS_WASTE_GRAMS: unsetWhenEmpty(cupGrams('CUPS_WASTE_GRAMS')),
  CUPS_CO2_GRAMS: unsetWhenEmpty(cupGrams('CUPS_CO2_GRAMS')),
});

/** The environment as parsed, before config.ts shapes it. */
export type Env = z.infer<typeof EnvSchema>;
