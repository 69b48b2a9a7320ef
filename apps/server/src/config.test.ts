import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { makeSelfSigned } from './test-support/self-signed';

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

    // A database over a network (a container network of the same host too): TLS asked for, or no start.
    const database = (url: string) => production({ DATABASE_URL: url }).databaseUrl;
    for (const remote of [
      'postgres://cafe:pw@db.example.com:5432/cafe',
      'postgres://cafe:pw@10.0.0.5/cafe?sslmode=disable',
      'postgres://cafe:pw@db.example.com/cafe?sslmode=prefer',
      // compose's service before decision 0087: the hop crosses the container network.
      'postgres://cafe:pw@postgres:5432/cafe',
    ]) {
      expect(() => database(remote), remote).toThrow(/DATABASE_URL must ask for TLS when NODE_ENV=production/);
    }
    for (const accepted of [
      'postgres://cafe:pw@db.example.com:5432/cafe?sslmode=verify-full',
      'postgres://cafe:pw@10.0.0.5/cafe?sslmode=require',
      'postgres://cafe:pw@postgres:5432/cafe?sslmode=verify-full&sslrootcert=/run/secrets/internal_ca',
      // Never on a network: loopback, a Unix socket.
      'postgres://cafe:pw@127.0.0.1:5432/cafe',
      'postgres://cafe:pw@localhost/cafe',
      'postgres://cafe:pw@[::1]/cafe',
      'postgres://cafe@/cafe?host=/var/run/postgresql',
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

  it('reads what one cup saved stands for (CUPS_WASTE_GRAMS, CUPS_CO2_GRAMS), refusing what is not grams', () => {
    expect(production().cups).toEqual({ wasteGramsPerCup: 20, co2GramsPerCup: 30 });
    expect(production({ CUPS_WASTE_GRAMS: '', CUPS_CO2_GRAMS: ' ' }).cups).toEqual({
      wasteGramsPerCup: 20,
      co2GramsPerCup: 30,
    });
    expect(production({ CUPS_WASTE_GRAMS: '14.5', CUPS_CO2_GRAMS: '0' }).cups).toEqual({
      wasteGramsPerCup: 14.5,
      co2GramsPerCup: 0,
    });
    for (const [name, bad] of [
      ['CUPS_WASTE_GRAMS', '-1'],
      ['CUPS_WASTE_GRAMS', 'a lot'],
      ['CUPS_CO2_GRAMS', '1001'],
    ] as const) {
      expect(() => production({ [name]: bad }), `${name}=${bad}`).toThrow(
        new RegExp(`${name} must be a number of grams from 0 to 1000`),
      );
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

  it('reads each secret from the file its _FILE variable names, as Docker and Kubernetes secrets are mounted', () => {
    const vapid = webpush.generateVAPIDKeys();
    const own = makeSelfSigned(dataDir, 'server');
    const secrets: Record<string, string> = {
      JWT_SECRET: 'a-jwt-secret-read-from-a-file-of-its-own',
      JWT_PREVIOUS_SECRET: 'the-jwt-secret-it-replaced-from-a-file',
      ADMIN_PASSWORD: 'admin password from a file',
      DATABASE_URL: 'postgres://cafe_app:p%40ss@db:5432/cafe?sslmode=verify-full&sslrootcert=/run/secrets/internal_ca',
      METRICS_TOKEN: 'metrics-token-from-a-file',
      VAPID_PRIVATE_KEY: vapid.privateKey,
      OIDC_CLIENT_SECRET: 'oidc client secret',
      SMTP_URL: 'smtps://mailer:secret@mail.example.com:465',
      SLACK_BOT_TOKEN: 'xoxb-slack-bot-token',
      SLACK_SIGNING_SECRET: 'slack-signing-secret-0123',
      LINE_CHANNEL_SECRET: 'line-channel-secret-from-a-file',
      LINE_CHANNEL_ACCESS_TOKEN: 'line-channel-access-token-from-a-file',
      TEAMS_APP_PASSWORD: 'teams-app-password-from-a-file',
      WEBHOOK_SECRET: 'webhook-secret-from-a-file',
      TLS_CERT: own.cert.toString().trim(),
      TLS_KEY: own.key.toString().trim(),
    };
    const env: Record<string, string> = {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'cafe',
      PUBLIC_URL: 'https://cafe.example.com',
      WEBHOOK_URL: 'https://hooks.example.com/cafe',
      TEAMS_APP_ID: '0A1B2C3D-0000-4000-8000-00000000CAFE',
    };
    for (const [name, value] of Object.entries(secrets)) {
      const file = path.join(dataDir, name.toLowerCase());
      // As `echo value > file` writes it: the final line break is not part of the secret.
      writeFileSync(file, `${value}\n`, { mode: 0o600 });
      env[`${name}_FILE`] = file;
    }
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });

    expect(config.jwtSecret).toBe(secrets.JWT_SECRET);
    expect(config.fixedSecrets?.jwt).toBe(true);
    expect(config.jwtPreviousSecret).toBe(secrets.JWT_PREVIOUS_SECRET);
    expect(config.adminPassword).toBe(secrets.ADMIN_PASSWORD);
    expect(config.databaseUrl).toBe(secrets.DATABASE_URL);
    expect(config.metricsToken).toBe(secrets.METRICS_TOKEN);
    expect(config.vapid).toMatchObject({ publicKey: vapid.publicKey, privateKey: vapid.privateKey });
    expect(config.singleSignOn?.clientSecret).toBe(secrets.OIDC_CLIENT_SECRET);
    expect(config.notifications.email?.url).toBe(secrets.SMTP_URL);
    expect(config.notifications.slack?.token).toBe(secrets.SLACK_BOT_TOKEN);
    expect(config.slackApp?.signingSecret).toBe(secrets.SLACK_SIGNING_SECRET);
    expect(config.notifications.webhook?.secret).toBe(secrets.WEBHOOK_SECRET);
    expect(config.line).toMatchObject({
      channelSecret: secrets.LINE_CHANNEL_SECRET,
      accessToken: secrets.LINE_CHANNEL_ACCESS_TOKEN,
      liff: null,
    });
    expect(config.teams).toMatchObject({
      appId: '0a1b2c3d-0000-4000-8000-00000000cafe',
      appPassword: secrets.TEAMS_APP_PASSWORD,
    });
    expect(config.tls).toEqual({ cert: secrets.TLS_CERT, key: secrets.TLS_KEY });
  });

  it('turns LINE and Teams on only when all they need is set, saying what is missing', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' };
    const line = { LINE_CHANNEL_SECRET: 'l'.repeat(32), LINE_CHANNEL_ACCESS_TOKEN: 't'.repeat(40) };
    const teams = { TEAMS_APP_ID: '0a1b2c3d-0000-4000-8000-00000000cafe', TEAMS_APP_PASSWORD: 'p'.repeat(20) };
    const url = { PUBLIC_URL: 'https://cafe.example.com' };
    expect(loadConfig(base)).toMatchObject({ line: null, teams: null });
    expect(() => loadConfig({ ...base, LINE_CHANNEL_SECRET: line.LINE_CHANNEL_SECRET, ...url })).toThrow(
      /LINE_CHANNEL_SECRET and LINE_CHANNEL_ACCESS_TOKEN must be set together/,
    );
    expect(() => loadConfig({ ...base, ...line })).toThrow(/LINE_CHANNEL_SECRET needs PUBLIC_URL/);
    expect(() => loadConfig({ ...base, ...line, ...url, LINE_LIFF_ID: '1234567890-AbCdEfGh' })).toThrow(
      /LINE_LOGIN_CHANNEL_ID and LINE_LIFF_ID must be set together/,
    );
    expect(() => loadConfig({ ...base, ...line, ...url, LINE_LIFF_ID: 'my-liff' })).toThrow(
      /LINE_LIFF_ID must be the LIFF app id/,
    );
    const liff = { LINE_LOGIN_CHANNEL_ID: '1650000000', LINE_LIFF_ID: '1650000000-AbCdEfGh' };
    expect(loadConfig({ ...base, ...line, ...url, ...liff }).line).toMatchObject({
      apiUrl: 'https://api.line.me',
      liff: { loginChannelId: '1650000000', liffId: '1650000000-AbCdEfGh' },
    });
    expect(() => loadConfig({ ...base, ...url, TEAMS_APP_ID: teams.TEAMS_APP_ID })).toThrow(
      /TEAMS_APP_ID and TEAMS_APP_PASSWORD must be set together/,
    );
    expect(() => loadConfig({ ...base, ...url, ...teams, TEAMS_APP_ID: 'cafe-bot' })).toThrow(
      /TEAMS_APP_ID must be the app id/,
    );
    expect(() => loadConfig({ ...base, ...url, TEAMS_TENANT_ID: '0a1b2c3d-0000-4000-8000-000000000001' })).toThrow(
      /TEAMS_TENANT_ID needs TEAMS_APP_ID/,
    );
    expect(loadConfig({ ...base, ...url, ...teams }).teams).toMatchObject({
      tenantId: null,
      appId: teams.TEAMS_APP_ID,
    });
  });

  it('answers HTTPS only with a certificate and its own key (TLS_CERT, TLS_KEY), refusing half a pair', () => {
    const own = makeSelfSigned(dataDir, 'own');
    const other = makeSelfSigned(dataDir, 'other');
    expect(production().tls).toBeNull();
    expect(production({ TLS_CERT_FILE: own.certFile, TLS_KEY_FILE: own.keyFile }).tls).toEqual({
      cert: own.cert.toString().replace(/\n$/, ''),
      key: own.key.toString().replace(/\n$/, ''),
    });
    expect(() => production({ TLS_CERT_FILE: own.certFile })).toThrow(
      new ConfigError('TLS_CERT and TLS_KEY must be set together (the certificate and its private key)'),
    );
    expect(() => production({ TLS_CERT_FILE: own.certFile, TLS_KEY_FILE: other.keyFile })).toThrow(
      /TLS_CERT and TLS_KEY cannot be used: .*is the key the certificate's own\?/,
    );
    expect(() => production({ TLS_CERT: 'not a certificate', TLS_KEY_FILE: own.keyFile })).toThrow(
      /TLS_CERT must be a PEM certificate/,
    );
  });

  it('refuses a secret set both ways, a secret file it cannot read and an empty one, naming the variable', () => {
    const file = path.join(dataDir, 'jwt-secret-twice');
    writeFileSync(file, `${SECRET}\n`);
    expect(() => production({ JWT_SECRET_FILE: file })).toThrow(
      new ConfigError('JWT_SECRET and JWT_SECRET_FILE are both set: keep one of them'),
    );
    const missing = path.join(dataDir, 'no-such-secret');
    expect(() => production({ METRICS_TOKEN_FILE: missing })).toThrow(
      new ConfigError(`METRICS_TOKEN_FILE names ${missing}, which cannot be read (ENOENT)`),
    );
    const empty = path.join(dataDir, 'empty-secret');
    writeFileSync(empty, '\n');
    expect(() => production({ WEBHOOK_SECRET_FILE: empty })).toThrow(
      new ConfigError(`WEBHOOK_SECRET_FILE names ${empty}, which is empty`),
    );
    // A file's value is checked as the variable's would be.
    const short = path.join(dataDir, 'short-metrics-token');
    writeFileSync(short, 'short');
    expect(() => production({ METRICS_TOKEN_FILE: short })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it('makes promises by the line model unless PROMISE_MODEL=pace, and refuses any other model', () => {
    expect(production().promiseModel).toBe('line');
    expect(production({ PROMISE_MODEL: 'pace' }).promiseModel).toBe('pace');
    expect(() => production({ PROMISE_MODEL: 'median' })).toThrow(/PROMISE_MODEL/);
  });
});
