import { loadConfig, ConfigError } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/connection';
import path from 'node:path';
import { attachClusterAdapter } from './realtime/cluster';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'cafe.db') });
  const app = await buildApp({ config, database });
  if (database.pgPool) await attachClusterAdapter(app, database.pgPool);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
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
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const db = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${path.join(config.dataDir, 'cafe.db')}`;
  console.log(`\nOffice Cafe is running at http://${shown}:${config.port}  (database: ${db})`);
  if (config.demo) {
    const { DEMO_ACCOUNTS } = await import('./db/seed');
    console.log('Demo accounts (e-mail / password):');
    for (const account of DEMO_ACCOUNTS(config.companyEmailDomain)) {
      console.log(`  ${account.role.padEnd(8)} ${account.email} / ${account.password}`);
    }
  }
  console.log(`API docs: http://${shown}:${config.port}/api/docs\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
