import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { ensureBaseData, seedDemo, ensureAdmin } from './db/seed';
import { createClock, type Clock } from './lib/clock';
import { validatorCompiler } from './lib/validation';
import { createTokenSigner } from './lib/tokens';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import { countLiveEvents, createAppMetrics, metricsPlugin } from './plugins/metrics';
import { createLiveEvents } from './realtime/events';
import { admitSockets, createSocketServer } from './realtime/socket';
import { createAppContext } from './services';
import { healthRoutes } from './modules/health/health.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { shopStatusRoutes } from './modules/shop-status/shop-status.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { pushRoutes } from './modules/push/push.routes';
import { settingsRoutes } from './modules/settings/settings.routes';

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from the config. */
  database?: DatabaseHandle;
  clock?: Clock;
}

/** A request id from the proxy (X-Request-Id) when it looks like one, else a new one. */
function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}

function defaultWebDist(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/** The whole application, not listening. Tests use it with `inject` or `listen({ port: 0 })`. */
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
    // JSON lines; every line of a request carries its id (reqId).
    logger: { level: config.logLevel },
    genReqId: requestId,
    requestIdLogLabel: 'reqId',
    trustProxy,
    // Small by default so strangers cannot make the server buffer megabytes; the upload sets its own.
    bodyLimit: 64 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await migrateToLatest(database.db, database.dialect);
  await ensureBaseData(database.db, clock);
  if (config.demo) await seedDemo(database.db, clock, config);
  if (config.adminEmail && config.adminPassword) {
    await ensureAdmin(database.db, clock, config.adminEmail, config.adminPassword);
  }

  // Every answer names its request, so a user's report can be found in the logs.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const io = createSocketServer(app.server);
  const metrics = createAppMetrics();
  const ctx = createAppContext({
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    tokens: createTokenSigner(config.jwtSecret, config.accessTokenTtlSeconds, () => clock.now()),
    events: countLiveEvents(createLiveEvents(io), metrics),
    log: app.log,
  });
  admitSockets(io, (token) => ctx.services.auth.userForToken(token));
  app.decorate('ctx', ctx);
  app.decorate('io', io);

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  await app.register(openApiPlugin);
  await app.register(metricsPlugin, {
    metrics,
    token: config.metricsToken,
    enabled: config.nodeEnv !== 'production' || Boolean(config.metricsToken),
    pgPool: database.pgPool,
  });
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(settingsRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(shopStatusRoutes);
      await api.register(menuRoutes);
      await api.register(uploadsRoutes);
      await api.register(ordersRoutes);
      await api.register(statsRoutes);
      await api.register(pushRoutes);
    },
    { prefix: '/api' },
  );

  const webDist = config.webDist ?? defaultWebDist();
  if (existsSync(path.join(webDist, 'index.html'))) await app.register(webAppPlugin, { root: webDist });

  app.addHook('onClose', async () => {
    await io.close();
    // Deliveries under way still read the database; each gives up after its own timeout.
    await ctx.services.push.settled();
    if (ownsDatabase) await database.close();
  });
  return app;
}
