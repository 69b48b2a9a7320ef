import { randomBytes } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CupFactors } from '@cafe/shared';
import webpush from 'web-push';
import { ConfigError, EnvSchema, type Env } from './config-env';
import { withSecretFiles } from './config-secret-files';
import { parseLine, parseSlackApp, parseTeams } from './config-chat';
import type { LineConfig, SlackAppConfig, TeamsConfig } from './config-chat';
import { parseGoogleChat, type GoogleChatConfig } from './modules/google-chat/google-chat.config';
import { databaseTransportRefusal, insecureTransportRefusal, smtpRequiresTls } from './config-transport';

/** TRUST_PROXY: empty or 0 trusts no proxy, a number trusts that many hops, else a list of addresses/CIDRs. */
function parseTrustProxy(value: string): false | number | string[] {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) === 0 ? false : Number(trimmed);
  const list = trimmed
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return list.length > 0 ? list : false;
}

/** Sign-in with the company's identity provider (OpenID Connect, authorization code flow with PKCE). */
export interface SingleSignOnConfig {
  /** The provider's issuer URL; its discovery document is read from there. */
  issuer: string;
  clientId: string;
  /** Absent for a public client (PKCE only). */
  clientSecret: string | undefined;
  /** What the button says after "Sign in with". */
  name: string;
  /** Where the provider sends the browser back: the web app's /login/sso screen, under PUBLIC_URL. */
  redirectUri: string;
}

/** Where notifications go besides Web Push (docs/notifications.md); each null when not configured. */
export interface NotificationsConfig {
  /** A Slack app's bot token (scopes chat:write, users:read.email) and the Web API it calls. */
  slack: { token: string; apiUrl: string } | null;
  /**
   * The SMTP server (smtp:// or smtps:// URL with any user and password) and the From of the mails;
   * `requireTls`: an smtp:// connection must be upgraded with STARTTLS before anything is sent (production).
   */
  email: { url: string; from: string; requireTls: boolean } | null;
  /** The generic webhook: where each notification is posted, and the secret it is signed with. */
  webhook: { url: string; secret: string } | null;
  /** Delivery attempts of one message before it is given up on (failed). */
  maxAttempts: number;
  /** The first retry's delay; each next one doubles (a Retry-After answer wins). */
  retryBaseMs: number;
}

/** The server's Web Push identity (VAPID, RFC 8292): browsers bind a subscription to the public key. */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** The schema owner's connection for the migrations, when the server otherwise connects as a role that may change rows only. */
  migrateDatabaseUrl: string | undefined;
  dataDir: string;
  companyEmailDomain: string;
  cafeTimezone: string;
  cafeLat: number;
  cafeLng: number;
  orderRadiusKm: number;
  locationCheck: boolean;
  barOnlineOrdering: boolean;
  promiseModel: 'line' | 'pace'; // PROMISE_MODEL: `pace` is the estimate before issue 62 (decision 0101)
  /** Whether the shop opens and closes by its schedule on its own (off: only people change it). */
  openingHours: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  jwtSecret: string;
  /** Only under NODE_ENV=test: the instant the server clock starts at. */
  clockNow: Date | undefined;
  logLevel: string;
  /** pretty: one readable line per entry (the default outside production); json: JSON lines. */
  logFormat: 'pretty' | 'json';
  /** Bearer token for GET /api/metrics; without one metrics are open, except in production (off). */
  metricsToken?: string;
  webDist: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** The key JWT_SECRET replaced (JWT_PREVIOUS_SECRET): it still verifies, never signs. */
  jwtPreviousSecret?: string | undefined;
  /** The longest a session lasts from its sign-in (ABSOLUTE_SESSION_TTL), in seconds. */
  absoluteSessionTtlSeconds: number;
  /** The longest a session made by single sign-on lasts (SSO_SESSION_TTL), in seconds. */
  ssoSessionTtlSeconds: number;
  rateLimit: boolean;
  /** How long personal data is kept (docs/privacy.md): the daily clean-up and the privacy page read it. */
  retention: { photoDays: number; notificationDays: number };
  /** Accounts one network address may register in an hour (successful registrations). */
  registrationsPerAddress: number;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy): off by default, so a client
   * cannot pick the address its rate limits are counted under.
   */
  trustProxy: false | number | string[];
  /** Hosts (and their subdomains) push subscriptions may point at, over https; 'any' allows every URL. */
  pushEndpointHosts: string[] | 'any';
  vapid: VapidConfig;
  /** Single sign-on, or null when OIDC_ISSUER is not set. */
  singleSignOn: SingleSignOnConfig | null;
  /** The channels of the notification outbox (Web Push is configured by `vapid`). */
  notifications: NotificationsConfig;
  /** The Slack app (/coffee, its messages and App Home); null when not configured. */
  slackApp: SlackAppConfig | null;
  /** The LINE Official Account; null when not configured. */
  line: LineConfig | null;
  /** The Microsoft Teams bot; null when not configured. */
  teams: TeamsConfig | null;
  /** The Google Chat app; null when not configured. */
  googleChat: GoogleChatConfig | null;
  /** The address people open the cafe at (PUBLIC_URL): single sign-on and the links of messages. */
  publicUrl: string | undefined;
  /** How long a graceful shutdown may take before the process exits with 1 anyway. */
  shutdownTimeoutMs: number;
  /** What one disposable cup saved stands for (CUPS_WASTE_GRAMS, CUPS_CO2_GRAMS; docs/cups-saved.md). */
  cups: CupFactors;
  /** The server's own certificate and key (TLS_CERT, TLS_KEY): it then answers HTTPS only; null: plain HTTP. */
  tls: ServerTls | null;
  /** Secrets set from the environment (or by the caller): these win over the ones kept in the database. */
  fixedSecrets?: { jwt: boolean; vapid: boolean };
}

export { ConfigError };
export type { LineConfig, SlackAppConfig, TeamsConfig };

/** The certificate (with its chain) and the private key the server answers HTTPS with, PEM. */
export interface ServerTls {
  cert: string;
  key: string;
}

/** TLS_CERT and TLS_KEY: both or neither, and a key that belongs to the certificate. */
function parseServerTls(e: Env): ServerTls | null {
  if (!e.TLS_CERT && !e.TLS_KEY) return null;
  if (!e.TLS_CERT || !e.TLS_KEY) {
    throw new ConfigError('TLS_CERT and TLS_KEY must be set together (the certificate and its private key)');
  }
  try {
    createSecureContext({ cert: e.TLS_CERT, key: e.TLS_KEY });
  } catch (error) {
    throw new ConfigError(
      `TLS_CERT and TLS_KEY cannot be used: ${(error as Error).message} (is the key the certificate's own?)`,
    );
  }
  return { cert: e.TLS_CERT, key: e.TLS_KEY };
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * VAPID keys made once and kept in DATA_DIR/vapid.json: they must outlive restarts, or every
 * browser subscription made with the old public key stops working. Written to a private temporary
 * file and linked into place, so processes starting together agree on one pair.
 */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new ConfigError(`${file} does not hold a VAPID key pair; delete it to make a new one`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * One single-use hot cup with its lid (docs/cups-saved.md): the Scottish Government's expert panel
 * (EPECOM, 2019) put Scotland's ~200 million cups a year at ~4,000 t of waste and ~5,900 t CO2e.
 */
export const DEFAULT_CUP_FACTORS: CupFactors = { wasteGramsPerCup: 20, co2GramsPerCup: 30 };

/** A JWT secret shorter than this is refused in production: it could be guessed offline from one token. */
const PRODUCTION_JWT_SECRET_MIN = 32;
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

function parseShutdownTimeout(raw: string | undefined): number {
  const text = raw?.trim();
  if (!text) return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 1000) {
    throw new ConfigError(`SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, at least 1000 (got "${text}").`);
  }
  return ms;
}

/**
 * What production refuses to start with, each with the reason: a signing key it would have to make
 * up (and that other processes would not share), one short enough to guess, and demo accounts,
 * whose passwords the README publishes.
 */
function refuseUnsafeProduction(e: Env, overrides: Partial<Config>): void {
  const secret = e.JWT_SECRET ?? overrides.jwtSecret;
  if (!secret) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  if (secret.length < PRODUCTION_JWT_SECRET_MIN) {
    throw new ConfigError(
      `JWT_SECRET must be at least ${PRODUCTION_JWT_SECRET_MIN} characters when NODE_ENV=production (openssl rand -base64 48 makes one)`,
    );
  }
  if (e.DEMO === true) {
    throw new ConfigError(
      'DEMO=on is refused when NODE_ENV=production: the demo accounts have published passwords. Remove DEMO, and set ADMIN_EMAIL and ADMIN_PASSWORD for the first admin.',
    );
  }
}

/**
 * OIDC_* and PUBLIC_URL: all or nothing. Production talks to the provider over https only (its
 * tokens and the client secret travel there).
 */
function parseSingleSignOn(e: Env, production: boolean): SingleSignOnConfig | null {
  if (!e.OIDC_ISSUER) {
    if (e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET) {
      throw new ConfigError('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER (the identity provider)');
    }
    return null;
  }
  if (!e.OIDC_CLIENT_ID)
    throw new ConfigError('OIDC_ISSUER needs OIDC_CLIENT_ID (the client registered at the provider)');
  if (!e.PUBLIC_URL) {
    throw new ConfigError(
      'OIDC_ISSUER needs PUBLIC_URL, the address people open the cafe at: the provider sends them back to PUBLIC_URL/login/sso',
    );
  }
  if (production && !e.OIDC_ISSUER.startsWith('https://')) {
    throw new ConfigError('OIDC_ISSUER must be an https:// URL when NODE_ENV=production');
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    name: e.OIDC_NAME,
    redirectUri: new URL('login/sso', e.PUBLIC_URL.endsWith('/') ? e.PUBLIC_URL : `${e.PUBLIC_URL}/`).toString(),
  };
}

/** SMTP_URL with MAIL_FROM, WEBHOOK_URL with WEBHOOK_SECRET: each all or nothing. */
function parseNotifications(e: Env, domain: string, production: boolean): NotificationsConfig {
  if (Boolean(e.WEBHOOK_URL) !== Boolean(e.WEBHOOK_SECRET)) {
    throw new ConfigError('WEBHOOK_URL and WEBHOOK_SECRET must be set together (the receiver checks the signature)');
  }
  if (e.MAIL_FROM && !e.SMTP_URL) throw new ConfigError('MAIL_FROM needs SMTP_URL (the server that sends the mail)');
  const outside = [
    e.SLACK_BOT_TOKEN && 'SLACK_BOT_TOKEN',
    e.SMTP_URL && 'SMTP_URL',
    e.WEBHOOK_URL && 'WEBHOOK_URL',
  ].filter(Boolean);
  if (outside.length > 0 && !e.PUBLIC_URL) {
    throw new ConfigError(
      `${outside.join(', ')} need${outside.length > 1 ? '' : 's'} PUBLIC_URL: the messages link to the cafe`,
    );
  }
  return {
    slack: e.SLACK_BOT_TOKEN ? { token: e.SLACK_BOT_TOKEN, apiUrl: e.SLACK_API_URL.replace(/\/+$/, '') } : null,
    email: e.SMTP_URL
      ? {
          url: e.SMTP_URL,
          from: e.MAIL_FROM ?? `Office Cafe <cafe@${domain}>`,
          requireTls: smtpRequiresTls(e, production),
        }
      : null,
    webhook: e.WEBHOOK_URL && e.WEBHOOK_SECRET ? { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET } : null,
    maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
  };
}

/** Parse the environment once. Nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(withSecretFiles(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'unknown'}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    refuseUnsafeProduction(e, overrides);
    const refusal = insecureTransportRefusal(e);
    if (refusal) throw new ConfigError(refusal);
  }
  if (e.MIGRATE_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError('MIGRATE_DATABASE_URL needs DATABASE_URL (the connection the server works with)');
  }
  const migrationRefusal = production && e.MIGRATE_DATABASE_URL && databaseTransportRefusal(e.MIGRATE_DATABASE_URL);
  if (migrationRefusal) throw new ConfigError(`MIGRATE_${migrationRefusal}`);
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const demo = e.DEMO ?? !production;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  let clockNow: Date | undefined;
  // A clock of its own: for tests, and for trying a demo at another time (never in production).
  if ((e.NODE_ENV === 'test' || demo) && e.CLOCK_NOW) {
    clockNow = new Date(e.CLOCK_NOW);
    if (Number.isNaN(clockNow.getTime())) throw new ConfigError('CLOCK_NOW must be an ISO-8601 instant');
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: e.CAFE_TIMEZONE });
  } catch {
    throw new ConfigError(`CAFE_TIMEZONE "${e.CAFE_TIMEZONE}" is not a known time zone`);
  }
  const base: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    migrateDatabaseUrl: e.MIGRATE_DATABASE_URL,
    dataDir,
    companyEmailDomain: e.COMPANY_EMAIL_DOMAIN.replace(/^@/, '').toLowerCase(),
    cafeTimezone: e.CAFE_TIMEZONE,
    cafeLat: e.CAFE_LAT,
    cafeLng: e.CAFE_LNG,
    orderRadiusKm: e.ORDER_RADIUS_KM,
    locationCheck: e.LOCATION_CHECK ?? !demo,
    // A demo takes bar orders online, so that a drink can be ordered on a Friday afternoon too,
    // when the cafe menu is closed and the demo opens the bar (db/seed.ts).
    barOnlineOrdering: e.BAR_ONLINE_ORDERING ?? demo,
    promiseModel: e.PROMISE_MODEL,
    openingHours: e.OPENING_HOURS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    demo,
    jwtSecret: e.JWT_SECRET ?? overrides.jwtSecret ?? '',
    clockNow,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFormat: e.LOG_FORMAT ?? (production ? 'json' : 'pretty'),
    metricsToken: e.METRICS_TOKEN,
    webDist: e.WEB_DIST,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    jwtPreviousSecret: e.JWT_PREVIOUS_SECRET,
    absoluteSessionTtlSeconds: e.ABSOLUTE_SESSION_TTL,
    ssoSessionTtlSeconds: e.SSO_SESSION_TTL,
    rateLimit: e.RATE_LIMIT,
    registrationsPerAddress: e.REGISTRATIONS_PER_ADDRESS,
    retention: { photoDays: e.PHOTO_RETENTION_DAYS, notificationDays: e.NOTIFICATION_RETENTION_DAYS },
    shutdownTimeoutMs: parseShutdownTimeout(e.SHUTDOWN_TIMEOUT_MS),
    cups: {
      wasteGramsPerCup: e.CUPS_WASTE_GRAMS ?? DEFAULT_CUP_FACTORS.wasteGramsPerCup,
      co2GramsPerCup: e.CUPS_CO2_GRAMS ?? DEFAULT_CUP_FACTORS.co2GramsPerCup,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    pushEndpointHosts:
      e.PUSH_ENDPOINT_HOSTS.trim() === 'any'
        ? 'any'
        : e.PUSH_ENDPOINT_HOSTS.split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean),
    vapid: { publicKey: e.VAPID_PUBLIC_KEY ?? '', privateKey: e.VAPID_PRIVATE_KEY ?? '', subject: '' },
    singleSignOn: parseSingleSignOn(e, production),
    notifications: parseNotifications(e, e.COMPANY_EMAIL_DOMAIN.replace(/^@/, '').toLowerCase(), production),
    slackApp: parseSlackApp(e),
    line: parseLine(e),
    teams: parseTeams(e),
    googleChat: parseGoogleChat(env, e.PUBLIC_URL),
    publicUrl: e.PUBLIC_URL,
    tls: parseServerTls(e),
  };
  const config = { ...base, ...overrides };
  config.fixedSecrets = { jwt: Boolean(config.jwtSecret), vapid: Boolean(overrides.vapid || e.VAPID_PUBLIC_KEY) };
  if (!config.jwtSecret) config.jwtSecret = loadOrCreateSecret(config.dataDir);
  if (!overrides.vapid) {
    const keys = e.VAPID_PUBLIC_KEY ? base.vapid : loadOrCreateVapidKeys(config.dataDir);
    config.vapid = { ...keys, subject: e.VAPID_SUBJECT ?? `mailto:cafe@${config.companyEmailDomain}` };
  }
  return config;
}
