import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cafe-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 'a-production-secret-of-more-than-32-characters';
const production = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent', ...env });

describe('configuration', () => {
  it('refuses unsafe production settings, each with a sentence saying what to do', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
      new ConfigError('JWT_SECRET is required when NODE_ENV=production'),
    );
    expect(() => production({ JWT_SECRET: 'sixteen-chars-ok' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => production({ DEMO: 'on' })).toThrow(/DEMO=on is refused when NODE_ENV=production/);
    const config = production();
    expect(config.demo).toBe(false);
    expect(config.locationCheck).toBe(true);
  });

  it('reads SHUTDOWN_TIMEOUT_MS, refusing what is not a duration', () => {
    expect(production().shutdownTimeoutMs).toBe(10_000);
    expect(production({ SHUTDOWN_TIMEOUT_MS: '2500' }).shutdownTimeoutMs).toBe(2500);
    for (const bad of ['soon', '10.5', '999']) {
      expect(() => production({ SHUTDOWN_TIMEOUT_MS: bad })).toThrow(/SHUTDOWN_TIMEOUT_MS must be a whole number/);
    }
  });

  it('will not start in production on a database holding demo accounts with their published passwords', async () => {
    const file = path.join(dataDir, 'cafe.db');
    // A demo start once wrote its accounts into this database.
    const demo = await buildApp({
      config: loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'on' }),
      database: openDatabase({ sqliteFile: file }),
    });
    await demo.close();
    await demo.ctx.db.destroy();

    const database = openDatabase({ sqliteFile: file });
    try {
      await expect(buildApp({ config: production(), database })).rejects.toThrow(
        /demo accounts with their published passwords \(admin@example.com, barista@example.com, user@example.com\)/,
      );
    } finally {
      await database.close();
    }
  });
});
