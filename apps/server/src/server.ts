import { loadConfig, ConfigError } from './config';
import { buildApp } from './app';
import { demoBanner } from './demo-banner';
import { openDatabase } from './db/connection';
import path from 'node:path';
import { attachClusterAdapter } from './realtime/cluster';
import { markDraining } from './lib/lifecycle';
import { migrateAsOwner } from './migrate-as-owner';
import type { FastifyInstance } from 'fastify';
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import tls from 'node:tls';

/**
 * How long a shutdown waits for idle keep-alive connections to be closed by the client (the proxy)
 * rather than cutting them: the proxy may be sending a request on one at that very moment, and it
 * would not repeat a POST. nginx's upstream `keepalive_timeout` (deploy/nginx) is shorter.
 */
const IDLE_CONNECTION_GRACE_MS = 5_000;

/**
 * The first part of a graceful shutdown, before `app.close()`: marks the process not ready
 * (GET /api/ready answers 503), stops accepting connections (the proxy gets "connection refused",
 * which it may retry on another process even for a POST, since nothing reached this one), ends the
 * live connections so that their clients reconnect elsewhere by themselves, and lets the requests
 * under way finish. Every answer from here on closes its connection, so the proxy sends no more
 * requests on it. Resolves when no connection is left, or after `graceMs`.
 */
async function drain(app: FastifyInstance, graceMs: number, busy: ReadonlySet<string>): Promise<void> {
  const server = app.server;
  markDraining(server);
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('connection', 'close');
  });
  const drained = once(server, 'close');
  // net.Server's close stops listening but, unlike http.Server's, leaves idle keep-alive connections
  // to their client (see IDLE_CONNECTION_GRACE_MS); app.close() cuts whatever is left.
  net.Server.prototype.close.call(server);

  // Closing the transport (not a Socket.IO "disconnect") makes clients reconnect by themselves,
  // through the proxy to a process that still accepts. Latecomers on a kept-alive connection too.
  const endLive = (socket: { conn: { close(): unknown } }) => socket.conn.close();
  app.io.on('connection', endLive);
  for (const socket of app.io.of('/').sockets.values()) endLive(socket);

  let timer: NodeJS.Timeout | undefined;
  await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  // Whatever live connection is still open (one half-way through its handshake) is ended now.
  app.io.engine.close();
  // So is every connection without a request under way: kept alive but idle, or opened and never
  // used (browsers and proxies open spare ones). Node's closeIdleConnections, which app.close()
  // calls, leaves a connection that never sent a request open, and the shutdown would wait for it.
  for (const socket of connectionsOf(server)) if (!busy.has(ends(socket))) socket.destroy();
}

/** Every connection of a server, tracked from the start. */
const connections = new WeakMap<object, Set<Socket>>();
function connectionsOf(server: object): Set<Socket> {
  return connections.get(server) ?? new Set();
}

/** A connection's two ends: the same for the TCP socket and for the TLS socket over it. */
const endsOf = new WeakMap<Socket, string>();
function ends(socket: Socket): string {
  let known = endsOf.get(socket);
  if (known === undefined) {
    known = `${socket.remoteAddress}|${socket.remotePort}|${socket.localPort}`;
    endsOf.set(socket, known);
  }
  return known;
}

/**
 * Follows the server's connections and which of them have a request under way (from its headers
 * until its answer is sent), so a shutdown can tell the idle ones from the busy ones. Over TLS
 * both sockets of a connection are followed: the TCP one from its start (a client that opens a
 * connection and never says hello holds a shutdown up as much as an idle one), the TLS one once
 * its handshake is done; a request runs on the TLS one. They are matched by the connection's ends.
 */
function trackConnections(server: FastifyInstance['server']): ReadonlySet<string> {
  const open = new Set<Socket>();
  const busy = new Set<string>();
  connections.set(server, open);
  const follow = (socket: Socket) => {
    ends(socket);
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  server.on('connection', follow);
  if (server instanceof tls.Server) server.on('secureConnection', follow);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const key = ends(request.socket);
    busy.add(key);
    response.once('close', () => busy.delete(key));
  });
  return busy;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const { shutdownTimeoutMs } = config;
  if (config.migrateDatabaseUrl) await migrateAsOwner(config, config.migrateDatabaseUrl);
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'cafe.db') });
  const app = await buildApp({ config, database });
  const busy = trackConnections(app.server);
  if (database.pgPool) await attachClusterAdapter(app, database.pgPool);
  // Once the other processes can hear of what it changes (the cache bus, the live events).
  if (config.openingHours) app.ctx.services.schedule.start();
  // Orders for later join the queue when they fall due.
  app.ctx.services.orders.startReleases();
  // Standing orders become the day's orders for later (docs/standing-orders.md).
  app.ctx.services.standing.start();
  // The notification outbox: what is written in any process is delivered once, by one of them.
  app.ctx.services.notifications.start();
  // Personal data past its time (docs/privacy.md), once a day by one of the processes.
  app.ctx.services.retention.start();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${shutdownTimeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting`);
      process.exit(1);
    }, shutdownTimeoutMs);
    force.unref();
    drain(app, Math.min(IDLE_CONNECTION_GRACE_MS, shutdownTimeoutMs / 2), busy)
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The port it listens on (PORT=0 takes a free one).
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const db = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${path.join(config.dataDir, 'cafe.db')}`;
  const scheme = config.tls ? 'https' : 'http';
  console.log(`\nOffice Cafe is running at ${scheme}://${shown}:${port}  (database: ${db})`);
  if (config.demo) {
    const { DEMO_ACCOUNTS } = await import('./db/seed');
    console.log('Demo accounts (e-mail / password):');
    for (const account of DEMO_ACCOUNTS(config.companyEmailDomain)) {
      console.log(`  ${account.role.padEnd(8)} ${account.email} / ${account.password}`);
    }
  }
  console.log(`API docs: ${scheme}://${shown}:${port}/api/docs`);
  if (config.demo) {
    // What the demo changed, and what a newcomer will find at the cafe now and how to order.
    const site = await app.ctx.services.sites.defaultSite();
    const banner = demoBanner({
      now: app.ctx.clock.now(),
      timeZone: site.timeZone,
      status: site.status,
      rules: config.openingHours ? await app.ctx.services.schedule.rulesOf(site.id) : null,
      barOnlineOrdering: config.barOnlineOrdering,
      locationCheck: config.locationCheck,
      userEmail: `user@${config.companyEmailDomain}`,
      clockNow: config.clockNow,
    });
    for (const line of banner) console.log(line);
    if (config.nodeEnv !== 'production' && !['debug', 'trace'].includes(config.logLevel))
      console.log('Requests are logged at debug level (LOG_LEVEL=debug shows them).');
  }
  console.log('');
}

main().catch((error: unknown) => {
  // A setting the server refuses is told in one sentence, not as a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
