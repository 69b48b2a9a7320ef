import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface Service {
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
};
const { services } = compose;
const SECRET_NAME = /(PASSWORD|SECRET|TOKEN|_KEY|DATABASE_URL|SMTP_URL)$/;

const dir = mkdtempSync(path.join(tmpdir(), 'cafe-compose-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * compose.yaml hands secrets to the containers as files (Docker secrets), each only to the
 * services that use it (docs/deploy.md, "Secrets" and "Database roles"; decision 0083).
 */
describe('compose.yaml', () => {
  it('mounts each secret only into the services that need it, and puts none in the environment', () => {
    const secretsOf = (name: string) => [...(services[name]?.secrets ?? [])].sort();
    expect(secretsOf('postgres')).toEqual(['cafe_app_password', 'cafe_owner_password', 'postgres_password']);
    // Only the first process migrates, so only it holds the schema owner's credentials.
    expect(secretsOf('server1')).toEqual(['admin_password', 'database_url', 'jwt_secret', 'migrate_database_url']);
    expect(secretsOf('server2')).toEqual(['admin_password', 'database_url', 'jwt_secret']);
    expect(secretsOf('nginx')).toEqual([]);

    for (const [name, service] of Object.entries(services)) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        expect(`${name} ${variable}`).not.toMatch(SECRET_NAME);
        expect(String(value), `${name} ${variable}`).not.toMatch(/:\/\/[^/]*:[^/]*@/);
        // Each file a variable names is a secret mounted into that service.
        if (variable.endsWith('_FILE')) {
          expect(String(value), `${name} ${variable}`).toMatch(/^\/run\/secrets\/\w+$/);
          expect(service.secrets, `${name} ${variable}`).toContain(String(value).slice('/run/secrets/'.length));
        }
      }
    }
    expect(services.server1?.environment?.MIGRATE_DATABASE_URL_FILE).toBe('/run/secrets/migrate_database_url');
    expect(services.server2?.environment?.DATABASE_URL_FILE).toBe('/run/secrets/database_url');
    expect(services.postgres?.volumes).toContain(
      './deploy/postgres/init-roles.sh:/docker-entrypoint-initdb.d/10-roles.sh:ro',
    );

    // The files stay out of version control, out of the image's build context and out of .env.
    for (const secret of Object.values(compose.secrets)) expect(secret.file).toMatch(/^\.\/secrets\/\w+$/);
    expect(read('.gitignore').split('\n')).toContain('secrets/');
    expect(read('.dockerignore').split('\n')).toContain('secrets');
    expect(read('deploy/env.example')).not.toMatch(/^(POSTGRES_PASSWORD|JWT_SECRET|ADMIN_PASSWORD)=/m);
  });

  it('gets every secret file it names from deploy/make-secrets.sh, the connections matching the roles', () => {
    const secrets = path.join(dir, 'secrets');
    execFileSync('sh', [path.join(REPO_ROOT, 'deploy/make-secrets.sh'), secrets], { stdio: 'pipe' });
    const made = readdirSync(secrets).sort();
    expect(made).toEqual(Object.keys(compose.secrets).sort());
    // Nobody but the folder's owner may enter it.
    expect(statSync(secrets).mode & 0o777).toBe(0o700);
    const value = (name: string) => readFileSync(path.join(secrets, name), 'utf8').trim();
    const app = new URL(value('database_url'));
    const owner = new URL(value('migrate_database_url'));
    expect([app.username, app.password, app.host, app.pathname]).toEqual([
      'cafe_app',
      value('cafe_app_password'),
      'postgres:5432',
      '/cafe',
    ]);
    expect([owner.username, owner.password]).toEqual(['cafe_owner', value('cafe_owner_password')]);
    expect(value('jwt_secret').length).toBeGreaterThanOrEqual(32);

    // Run again, it keeps every secret in use.
    const before = made.map(value);
    execFileSync('sh', [path.join(REPO_ROOT, 'deploy/make-secrets.sh'), secrets], { stdio: 'pipe' });
    expect(made.map(value)).toEqual(before);
  });
});
