import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, runMigrations } from '../app';
import { loadConfig } from '../config';
import { migrateAsOwner } from '../migrate-as-owner';
import { ensureAttachmentTable } from '../realtime/cluster';
import { REPO_ROOT } from '../test-support/security-assessment';
import { openDatabase } from './connection';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const ROLES_SQL = path.join(REPO_ROOT, 'deploy/postgres/roles.sql');
const INSUFFICIENT_PRIVILEGE = '42501';
const secretsDir = mkdtempSync(path.join(tmpdir(), 'cafe-role-secrets-'));
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));

/** A database of its own on the shared server, with its own owner and application roles, all removed after. */
function scratch(label: string) {
  const id = randomBytes(4).toString('hex');
  const names = { db: `cafe_${label}_${id}`, owner: `cafe_owner_${id}`, app: `cafe_app_${id}` };
  const passwords = { owner: randomBytes(12).toString('hex'), app: randomBytes(12).toString('hex') };
  const urlFor = (user: string | null, password: string | null) => {
    // Made while the suite is collected, also when it is skipped (no TEST_DATABASE_URL): then unused.
    const url = new URL(ADMIN_URL || 'postgres://localhost/unused');
    url.pathname = `/${names.db}`;
    if (user) url.username = user;
    if (password) url.password = password;
    return url.toString();
  };
  const admin = urlFor(null, null);
  return {
    ...names,
    adminUrl: admin,
    ownerUrl: urlFor(names.owner, passwords.owner),
    appUrl: urlFor(names.app, passwords.app),
    async create() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`CREATE DATABASE ${names.db}`);
      await client.end();
    },
    /** deploy/postgres/roles.sql, as the postgres container's first start runs it (init-roles.sh). */
    makeRoles() {
      // The passwords travel in files, as the container's secrets do.
      const ownerFile = path.join(secretsDir, `${names.owner}_password`);
      const appFile = path.join(secretsDir, `${names.app}_password`);
      writeFileSync(ownerFile, passwords.owner, { mode: 0o600 });
      writeFileSync(appFile, passwords.app, { mode: 0o600 });
      execFileSync('psql', [
        '--quiet',
        ...['-v', `db=${names.db}`, '-v', `owner=${names.owner}`, '-v', `app=${names.app}`],
        ...['-v', `owner_password_file=${ownerFile}`, '-v', `app_password_file=${appFile}`],
        ...['-f', ROLES_SQL, admin],
      ]);
    },
    async remove() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${names.db} WITH (FORCE)`);
      await client.query(`DROP ROLE IF EXISTS ${names.owner}`);
      await client.query(`DROP ROLE IF EXISTS ${names.app}`);
      await client.end();
    },
  };
}

/** The error code a statement fails with as `url`'s role, or 'ok'. */
async function attempt(url: string, statement: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cafe-roles-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const configFor = (databases: ReturnType<typeof scratch>) =>
  loadConfig({
    NODE_ENV: 'test',
    DEMO: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'a-test-secret-of-more-than-32-characters',
    DATABASE_URL: databases.appUrl,
    MIGRATE_DATABASE_URL: databases.ownerUrl,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin-password-1234',
  });

/** What only the schema's owner may do, each refused to the application's role. */
const SCHEMA_CHANGES = [
  'ALTER TABLE users ADD COLUMN sneaked_in integer',
  'DROP TABLE orders',
  'CREATE TABLE sneaked_in (id integer)',
  'TRUNCATE audit_log',
  'CREATE INDEX sneaked_in ON users (name)',
];

/**
 * The PostgreSQL roles compose sets up (deploy/postgres/roles.sql): the server migrates as the
 * owner (MIGRATE_DATABASE_URL) and does everything else as a role that reads and writes rows only.
 */
describe.skipIf(!ADMIN_URL)('the database roles', () => {
  const fresh = scratch('roles');
  const upgraded = scratch('upgrade');
  beforeAll(async () => {
    await fresh.create();
    await upgraded.create();
  });
  afterAll(async () => {
    await fresh.remove();
    await upgraded.remove();
  });

  it('let the server migrate as the owner and serve as the application role, which cannot alter or drop a table', async () => {
    fresh.makeRoles();
    const config = configFor(fresh);
    await migrateAsOwner(config, fresh.ownerUrl);
    const app = await buildApp({ config });
    try {
      // The application role signs a person in: it reads the account and writes the session's rows.
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/v2/login',
        payload: { email: 'admin@example.com', password: 'admin-password-1234' },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      // It finds the live channel's table made by the owner instead of trying to make it.
      const pool = new pg.Pool({ connectionString: fresh.appUrl });
      await ensureAttachmentTable(pool);
      await pool.end();
    } finally {
      await app.close();
    }

    expect(await attempt(fresh.appUrl, "INSERT INTO app_secrets (name, value) VALUES ('probe', 'a')")).toBe('ok');
    expect(await attempt(fresh.appUrl, "UPDATE app_secrets SET value = 'b' WHERE name = 'probe'")).toBe('ok');
    expect(await attempt(fresh.appUrl, "DELETE FROM app_secrets WHERE name = 'probe'")).toBe('ok');
    for (const statement of SCHEMA_CHANGES) {
      expect(await attempt(fresh.appUrl, statement), statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
    // The owner, which the migrations run as, may.
    expect(await attempt(fresh.ownerUrl, 'ALTER TABLE users ADD COLUMN owner_may integer')).toBe('ok');
  });

  it('take over a database an earlier release made as a single role, with its rows', async () => {
    // As compose ran before: the migrations and every row written by the one superuser.
    const earlier = openDatabase({ databaseUrl: upgraded.adminUrl, sqliteFile: '' });
    const config = configFor(upgraded);
    await runMigrations(earlier, config);
    await earlier.db.insertInto('app_secrets').values({ name: 'written-before', value: 'kept' }).execute();
    await earlier.close();

    upgraded.makeRoles();
    await migrateAsOwner(config, upgraded.ownerUrl);
    const app = await buildApp({ config });
    await app.close();

    const client = new pg.Client({ connectionString: upgraded.appUrl });
    await client.connect();
    const { rows } = await client.query<{ value: string }>(
      "SELECT value FROM app_secrets WHERE name = 'written-before'",
    );
    const owners = await client.query<{ owner: string }>(
      "SELECT DISTINCT tableowner AS owner FROM pg_tables WHERE schemaname = 'public'",
    );
    await client.end();
    expect(rows).toEqual([{ value: 'kept' }]);
    expect(owners.rows).toEqual([{ owner: upgraded.owner }]);
    expect(await attempt(upgraded.appUrl, 'DROP TABLE orders')).toBe(INSUFFICIENT_PRIVILEGE);
  });
});
