import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
    expect(secretsOf('postgres')).toEqual([
      'cafe_app_password',
      'cafe_owner_password',
      'postgres_password',
      'postgres_tls_cert',
      'postgres_tls_key',
    ]);
    // Only the first process migrates, so only it holds the schema owner's credentials.
    const server = ['admin_password', 'database_url', 'internal_ca', 'jwt_secret', 'server_tls_cert', 'server_tls_key'];
    expect(secretsOf('server1')).toEqual([...server, 'migrate_database_url'].sort());
    expect(secretsOf('server2')).toEqual(server);
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
    // Every file is mounted somewhere, except the internal CA's key, which only signs.
    const made = readdirSync(secrets)
      .filter((name) => name !== 'internal_ca_key')
      .sort();
    expect(made).toEqual(Object.keys(compose.secrets).sort());
    expect(statSync(path.join(secrets, 'internal_ca_key')).mode & 0o777).toBe(0o400);
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
    // Both over TLS, checked against the internal CA alone (12.3.3, 12.3.4).
    for (const url of [app, owner]) {
      expect(Object.fromEntries(url.searchParams)).toEqual({
        sslmode: 'verify-full',
        sslrootcert: '/run/secrets/internal_ca',
      });
    }
    // The certificates are the internal CA's, for the names the clients ask for.
    const verify = (name: string) =>
      execFileSync('openssl', ['verify', '-CAfile', path.join(secrets, 'internal_ca'), path.join(secrets, name)], {
        encoding: 'utf8',
      });
    expect(verify('server_tls_cert')).toMatch(/: OK/);
    expect(verify('postgres_tls_cert')).toMatch(/: OK/);
    const names = (name: string) => new X509Certificate(readFileSync(path.join(secrets, name))).subjectAltName;
    expect(names('server_tls_cert')).toBe('DNS:cafe-server');
    expect(names('postgres_tls_cert')).toBe('DNS:postgres');
    expect(value('jwt_secret').length).toBeGreaterThanOrEqual(32);

    // Run again, it keeps every secret in use.
    const before = made.map(value);
    execFileSync('sh', [path.join(REPO_ROOT, 'deploy/make-secrets.sh'), secrets], { stdio: 'pipe' });
    expect(made.map(value)).toEqual(before);
  });

  it("upgrades an earlier release's plain database connections to TLS, keeping their passwords", () => {
    const secrets = path.join(dir, 'earlier');
    mkdirSync(secrets, { mode: 0o700 });
    const earlier = 'postgres://cafe_app:kept-password@postgres:5432/cafe';
    writeFileSync(path.join(secrets, 'database_url'), `${earlier}\n`, { mode: 0o444 });
    execFileSync('sh', [path.join(REPO_ROOT, 'deploy/make-secrets.sh'), secrets], { stdio: 'pipe' });
    expect(readFileSync(path.join(secrets, 'database_url'), 'utf8')).toBe(
      `${earlier}?sslmode=verify-full&sslrootcert=/run/secrets/internal_ca\n`,
    );
  });

  it('has nginx verify the servers and PostgreSQL refuse connections without TLS (12.3.3, 12.3.4)', () => {
    // The servers answer HTTPS with their certificate; nginx trusts the internal CA alone for them.
    for (const name of ['server1', 'server2']) {
      expect(services[name]?.environment).toMatchObject({
        TLS_CERT_FILE: '/run/secrets/server_tls_cert',
        TLS_KEY_FILE: '/run/secrets/server_tls_key',
      });
    }
    expect(services.nginx?.volumes).toContain('./secrets/internal_ca:/etc/nginx/internal-ca.pem:ro');
    const proxy = read('deploy/nginx/cafe-server.conf');
    for (const line of [
      'proxy_pass https://cafe;',
      'proxy_ssl_verify on;',
      'proxy_ssl_trusted_certificate internal-ca.pem;',
      'proxy_ssl_name cafe-server;',
    ]) {
      expect(proxy).toContain(line);
    }
    expect(proxy).not.toMatch(/proxy_pass http:/);
    // PostgreSQL: TLS on, with its certificate, and every network connection without TLS refused.
    const command = (services.postgres as Service & { command?: string[] }).command?.join(' ') ?? '';
    for (const option of [
      '-c ssl=on',
      '-c ssl_cert_file=/run/secrets/postgres_tls_cert',
      '-c hba_file=/etc/cafe/pg_hba.conf',
    ]) {
      expect(command).toContain(option);
    }
    expect(services.postgres?.volumes).toContain('./deploy/postgres/pg_hba.conf:/etc/cafe/pg_hba.conf:ro');
    const rules = read('deploy/postgres/pg_hba.conf')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => line.trim().split(/\s+/));
    expect(rules).toEqual([
      ['local', 'all', 'all', 'trust'],
      ['hostssl', 'all', 'all', 'all', 'scram-sha-256'],
      ['hostnossl', 'all', 'all', 'all', 'reject'],
    ]);
  });
});
