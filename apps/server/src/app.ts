import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type https from 'node:https';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConfigError, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { resolveSecrets } from './db/secrets';
import { demoAccountsWithPublishedPasswords, seedDemo, ensureAdmin } from './db/seed';
import { loggedUrl } from './lib/logged-url';
import { createClock, type Clock } from './lib/clock';
import { readableLogStream } from './lib/readable-log';
import { testClockRoutes } from './plugins/test-clock';
import { serializerCompiler } from './lib/serialization';
import { validatorCompiler } from './lib/validation';
import { createTokenSigner } from './lib/tokens';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorHandlerPlugin, frameworkErrors, isDatabaseUnavailable } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { securityLogPlugin } from './plugins/security-log';
import { webAppPlugin } from './plugins/web-app';
import { createAppMetrics, metricsPlugin } from './plugins/metrics';
import { createClusterBus } from './realtime/bus';
import { createDisplayChannel } from './realtime/display-channel';
import { createLiveEvents } from './realtime/events';
import { createLiveLog, greetSockets } from './realtime/live-log';
import { HandshakeFailedError, admitSockets, createSocketServer } from './realtime/socket';
import { AppError } from './lib/errors';
import { createAppContext } from './services';
import { createDomainEvents } from './lib/domain-events';
import { healthRoutes } from './modules/health/health.routes';
import { busyRoutes } from './modules/busy/busy.routes';
import { displayRoutes } from './modules/display/display.routes';
import { liveRoutes } from './modules/live/live.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { shopStatusRoutes } from './modules/sites/shop-status.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { optionsRoutes } from './modules/options/options.routes';
import { pickupRoutes } from './modules/pickup/pickup.routes';
import { orderingRoutes } from './modules/ordering/ordering.routes';
import { standingRoutes } from './modules/standing/standing.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { pushRoutes } from './modules/notifications/push.routes';
import { accountRoutes } from './modules/account/account.routes';
import { retentionRoutes } from './modules/retention/retention.routes';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { sitesRoutes } from './modules/sites/sites.routes';
import { ssoRoutes } from './modules/auth/sso.routes';
import { sessionsRoutes } from './modules/auth/sessions.routes';
import { secondFactorRoutes } from './modules/auth/second-factor.routes';
import { slackRoutes } from './modules/slack/slack.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { lineRoutes } from './modules/line/line.routes';
import { lineLiffRoutes } from './modules/line/line.liff.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { googleChatRoutes } from './modules/google-chat/google-chat.routes';

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from the config. */
  database?: DatabaseHandle;
  clock?: Clock;
  /** Where the JSON log lines go instead of standard output (tests read what the server logs). */
  logStream?: { write(line: string): void };
}

/** pino's levels, lowest first ('silent' logs nothing). */
const LOG_LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** A request id from the proxy (X-Request-Id) when it looks like one, else a new one. */
function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}

function defaultWebDist(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/**
 * Fastify's `https` option for a server with its own certificate (nginx reaches it over TLS,
 * docs/deploy.md): TLS 1.2 and 1.3 only, and a handshake not finished within 5 s is dropped, so a
 * shutdown never waits for a connection that never became one.
 */
function serverTls(config: Config): { https: https.ServerOptions } | Record<string, never> {
  if (!config.tls) return {};
  return {
    https: { cert: config.tls.cert, key: config.tls.key, minVersion: 'TLSv1.2', handshakeTimeout: 5_000 },
  };
}

/** The whole application, not listening. Tests use it with `inject` or `listen({ port: 0 })`. */
/** Brings the database's schema up to date (nothing to do when it is). */
export async function runMigrations(database: DatabaseHandle, config: Config): Promise<void> {
  const migrate = (db: typeof database.db) =>
    migrateToLatest(db, database.dialect, {
      cafeTimezone: config.cafeTimezone,
      // The environment's cafe is only the first site's defaults (migration 009).
      firstSite: {
        latitude: config.cafeLat,
        longitude: config.cafeLng,
        radiusKm: config.orderRadiusKm,
        timeZone: config.cafeTimezone,
      },
      withWritableSqliteSchema: database.withWritableSqliteSchema,
    });
  // A migration may take long on a big database: not under the requests' deadlines.
  await database.withoutDeadlines(migrate);
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const database =
    options.database ??
    openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'cafe.db') });
  const ownsDatabase = !options.database;
  const clock = options.clock ?? createClock(config.clockNow);

  const trusted = config.trustProxy;
  // A hop count trusts that many proxies nearest the server (Fastify's types take it as a function).
  const trustProxy = typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
  const app = Fastify({
    // JSON lines in production; one readable line per entry elsewhere (a demo's terminal). Every
    // line of a request carries its id (reqId, Fastify's default label).
    logger: options.logStream
      ? { level: config.logLevel, stream: options.logStream }
      : config.logFormat === 'pretty'
        ? {
            level: config.logLevel,
            stream: readableLogStream(process.stdout.isTTY),
          }
        : { level: config.logLevel },
    genReqId: requestId,
    // One line per request, written below when it is answered, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy,
    // Small by default so strangers cannot make the server buffer megabytes; the upload sets its own.
    bodyLimit: 64 * 1024,
    frameworkErrors,
    // HTTPS only when the server has a certificate (TLS_CERT): the same instance and routes, on an
    // https.Server, which the code uses as it would the http.Server it is typed as.
    ...(serverTls(config) as object),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await runMigrations(database, config);
  // Start-up's own statements (the shared secrets, the demo's seed, the admin from the environment,
  // the production check) run without the requests' deadlines, as the migrations do: a second
  // process starting beside the first waits for its writes (the seed hashes the demo passwords
  // under its lock), and on a busy machine longer than a request may wait. A start must survive it.
  const opened = await database.withoutDeadlines(async (db) => {
    await resolveSecrets(db, config);
    const seeded = config.demo ? await seedDemo(db, clock, config) : null;
    if (config.adminEmail && config.adminPassword) {
      await ensureAdmin(db, clock, config.adminEmail, config.adminPassword);
    }
    if (config.nodeEnv === 'production') {
      const published = await demoAccountsWithPublishedPasswords(db, config.companyEmailDomain);
      if (published.length > 0) {
        throw new ConfigError(
          `Refusing to start with NODE_ENV=production: the database holds demo accounts with their published passwords (${published.join(', ')}). Change their passwords, or disable them (User Management), in a start without NODE_ENV=production first.`,
        );
      }
    }
    return seeded;
  });
  if (opened) app.log.info(`demo mode: added the demo accounts and menu, and opened the ${opened}`);

  // Every answer names its request, so a user's report can be found in the logs.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // Requests are the bulk of the log: at info in production (the access log), at debug elsewhere
  // so that a demo's terminal shows what matters. Errors are logged where they are handled.
  const requestLevel = config.nodeEnv === 'production' ? 'info' : 'debug';
  // Decided once: building the line's object for a level that is off is most of its cost.
  const logRequests = (LOG_LEVEL_VALUES[requestLevel] ?? 0) >= (LOG_LEVEL_VALUES[config.logLevel] ?? Infinity);
  app.addHook('onResponse', (request, reply, done) => {
    if (logRequests) {
      request.log[requestLevel](
        {
          method: request.method,
          url: loggedUrl(request.url),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
          // Who: the signed-in person's id (absent for a visitor); never their token.
          userId: request.authUser?.id,
        },
        'request',
      );
    }
    done();
  });

  const io = createSocketServer(app.server, config.publicUrl);
  const metrics = createAppMetrics();
  const liveLog = createLiveLog(database.db, () => clock.now(), database.dialect);
  const events = createLiveEvents(io, (event) => metrics.liveEvents.inc({ event }), {
    log: liveLog,
    warn: (error, event) => app.log.warn({ err: error, event }, 'live event sent without a sequence number'),
  });
  const ctx = createAppContext({
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    tokens: createTokenSigner(
      { current: config.jwtSecret, previous: config.jwtPreviousSecret },
      config.accessTokenTtlSeconds,
      () => clock.now(),
    ),
    events,
    displays: createDisplayChannel(io),
    bus: createClusterBus(io),
    log: app.log,
    metrics,
    domainEvents: createDomainEvents(app.log),
  });
  admitSockets(
    io,
    (token) => ctx.services.auth.identify(token),
    (user, siteId) => ctx.services.sites.liveSite(user, siteId),
    (user) => ctx.services.orders.waitingSitesOf(user.id),
    (error) => {
      // A refusal of ours keeps its words; anything else is logged and told in the client's terms.
      if (error instanceof AppError) return error;
      app.log.warn({ err: error }, 'live handshake failed');
      return new HandshakeFailedError(isDatabaseUnavailable(error) ? 'UNAVAILABLE' : 'INTERNAL');
    },
  );
  greetSockets(io, (siteId) => liveLog.current(siteId));
  app.decorate('ctx', ctx);
  app.decorate('io', io);

  await app.register(errorHandlerPlugin);
  // Before every route: it hooks into each route as the route is added.
  await app.register(compressionPlugin);
  const webDist = config.webDist ?? defaultWebDist();
  const webPage = path.join(webDist, 'index.html');
  const page = existsSync(webPage) ? readFileSync(webPage, 'utf8') : null;
  await app.register(securityPlugin, { page });
  await app.register(openApiPlugin);
  await app.register(metricsPlugin, {
    metrics,
    token: config.metricsToken,
    enabled: config.nodeEnv !== 'production' || Boolean(config.metricsToken),
    pgPool: database.pgPool,
  });
  await app.register(authPlugin);
  await app.register(securityLogPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, ctx.services);
      await api.register(settingsRoutes, ctx.services);
      await api.register(authRoutes, ctx.services);
      await api.register(ssoRoutes, ctx.services);
      await api.register(sessionsRoutes, ctx.services);
      await api.register(secondFactorRoutes, ctx.services);
      await api.register(usersRoutes, ctx.services);
      await api.register(sitesRoutes, ctx.services);
      await api.register(shopStatusRoutes, ctx.services);
      await api.register(busyRoutes, ctx.services);
      await api.register(menuRoutes, ctx.services);
      await api.register(optionsRoutes, ctx.services);
      await api.register(pickupRoutes, ctx.services);
      await api.register(uploadsRoutes, ctx.services);
      await api.register(ordersRoutes, ctx.services);
      await api.register(statsRoutes, ctx.services);
      await api.register(pushRoutes, ctx.services);
      await api.register(notificationsRoutes, ctx.services);
      await api.register(auditRoutes, ctx.services);
      await api.register(retentionRoutes, ctx.services);
      await api.register(accountRoutes, ctx.services);
      await api.register(scheduleRoutes, ctx.services);
      await api.register(displayRoutes, ctx.services);
      await api.register(liveRoutes, ctx.services);
      await api.register(slackRoutes, ctx.services);
      await api.register(chatRoutes, ctx.services);
      await api.register(lineRoutes, ctx.services);
      await api.register(lineLiffRoutes, ctx.services);
      await api.register(teamsRoutes, ctx.services);
      await api.register(googleChatRoutes, ctx.services);
      await api.register(orderingRoutes, ctx.services);
      await api.register(standingRoutes, ctx.services);
      // A test server with a clock of its own (CLOCK_NOW) lets its tests set it (a demo's runs on).
      if (config.clockNow && config.nodeEnv === 'test') await api.register(testClockRoutes);
    },
    { prefix: '/api' },
  );

  if (page !== null) await app.register(webAppPlugin, { root: webDist });

  app.addHook('onClose', async () => {
    // The opening hours' timer (server.ts starts it) stops before what its work needs goes away.
    await ctx.services.schedule.stop();
    await ctx.services.orders.stopReleases();
    await ctx.services.standing.stop();
    await ctx.services.retention.stop();
    // The events still being numbered are sent before the connections and the database close.
    await events.settled();
    await io.close();
    // Deliveries under way still write the database; each gives up after its own timeout.
    await ctx.services.notifications.stop();
    await ctx.services.slack.settled();
    await ctx.services.line.settled();
    await ctx.services.teams.settled();
    await ctx.services.googleChat.settled();
    if (ownsDatabase) await database.close();
  });
  return app;
}
