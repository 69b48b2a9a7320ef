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

  it('refuses an http PUBLIC_URL in production, saying to serve the cafe over HTTPS (12.2.1)', () => {
    expect(() => production({ PUBLIC_URL: 'http://cafe.example.com' })).toThrow(
      /PUBLIC_URL must be an https:\/\/ URL when NODE_ENV=production/,
    );
    expect(production({ PUBLIC_URL: 'https://cafe.example.com' }).publicUrl).toBe('https://cafe.example.com');
    // Outside production a laptop still serves plain HTTP.
    expect(
      loadConfig({
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://127.0.0.1:3000',
      }).publicUrl,
    ).toBe('http://127.0.0.1:3000');
  });

  it('refuses plain-text connections to the webhook, the mail server and a remote database in production (12.3.1)', () => {
    const hook = { PUBLIC_URL: 'https://cafe.example.com', WEBHOOK_SECRET: 'a-webhook-secret-of-enough-length' };
    expect(() => production({ ...hook, WEBHOOK_URL: 'http://hooks.example.com/cafe' })).toThrow(
      /WEBHOOK_URL must be an https:\/\/ URL when NODE_ENV=production/,
    );
    expect(production({ ...hook, WEBHOOK_URL: 'https://hooks.example.com/cafe' }).notifications.webhook?.url).toBe(
      'https://hooks.example.com/cafe',
    );

    // smtps:// is TLS from the first byte; smtp:// must be upgraded with STARTTLS, and no option may turn that off.
    const mail = (url: string) => production({ PUBLIC_URL: 'https://cafe.example.com', SMTP_URL: url });
    expect(mail('smtps://mail.example.com').notifications.email?.requireTls).toBe(false);
    expect(mail('smtp://mail.example.com:587').notifications.email?.requireTls).toBe(true);
    for (const option of ['ignoreTLS=true', 'requireTLS=false', 'secure=false', 'tls.rejectUnauthorized=false']) {
      expect(() => mail(`smtp://mail.example.com:587?${option}`), option).toThrow(
        /SMTP_URL may not set .* when NODE_ENV=production/,
      );
    }
    expect(
      loadConfig({
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://127.0.0.1:3000',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      }).notifications.email?.requireTls,
    ).toBe(false);

    // A database on another machine: TLS asked for, or no start.
    const database = (url: string) => production({ DATABASE_URL: url }).databaseUrl;
    for (const remote of [
      'postgres://cafe:pw@db.example.com:5432/cafe',
      'postgres://cafe:pw@10.0.0.5/cafe?sslmode=disable',
      'postgres://cafe:pw@db.example.com/cafe?sslmode=prefer',
    ]) {
      expect(() => database(remote), remote).toThrow(/DATABASE_URL must ask for TLS when NODE_ENV=production/);
    }
    for (const accepted of [
      'postgres://cafe:pw@db.example.com:5432/cafe?sslmode=verify-full',
      'postgres://cafe:pw@10.0.0.5/cafe?sslmode=require',
      // The same host: loopback, a Unix socket, a service of this host's container network (compose).
      'postgres://cafe:pw@127.0.0.1:5432/cafe',
      'postgres://cafe:pw@localhost/cafe',
      'postgres://cafe:pw@[::1]/cafe',
      'postgres://cafe@/cafe?host=/var/run/postgresql',
      'postgres://cafe:pw@postgres:5432/cafe',
    ]) {
      expect(database(accepted), accepted).toBe(accepted);
    }
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
