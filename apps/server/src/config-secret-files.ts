import { readFileSync } from 'node:fs';
import { ConfigError } from './config-env';

/**
 * The settings that hold a secret, each of which may instead be read from a file named by the
 * same variable with _FILE (JWT_SECRET_FILE=/run/secrets/jwt_secret): the way Docker and
 * Kubernetes hand secrets to a container, as files only the process's user reads, instead of
 * environment variables that every process and `docker inspect` can see (docs/deploy.md, Secrets).
 */
export const SECRET_FILE_SETTINGS = [
  'DATABASE_URL',
  'MIGRATE_DATABASE_URL',
  'JWT_SECRET',
  'JWT_PREVIOUS_SECRET',
  'ADMIN_PASSWORD',
  'METRICS_TOKEN',
  'VAPID_PRIVATE_KEY',
  'OIDC_CLIENT_SECRET',
  'SMTP_URL',
  'SLACK_BOT_TOKEN',
  'SLACK_SIGNING_SECRET',
  'LINE_CHANNEL_SECRET',
  'LINE_CHANNEL_ACCESS_TOKEN',
  'TEAMS_APP_PASSWORD',
  'WEBHOOK_SECRET',
  'TLS_CERT',
  'TLS_KEY',
] as const;

/**
 * The environment with each X_FILE replaced by the file's content as X. The value is the file's
 * text without its final line break (echo and editors add one). Setting both X and X_FILE, a file
 * that cannot be read and an empty one are refused, each with a sentence saying which.
 */
export function withSecretFiles(
  env: NodeJS.ProcessEnv,
  names: readonly string[] = SECRET_FILE_SETTINGS,
): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...env };
  for (const name of names) {
    const file = env[`${name}_FILE`]?.trim();
    delete result[`${name}_FILE`];
    if (!file) continue;
    if (env[name]?.trim()) throw new ConfigError(`${name} and ${name}_FILE are both set: keep one of them`);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError(`${name}_FILE names ${file}, which cannot be read (${code})`);
    }
    const value = text.replace(/\r?\n$/, '');
    if (!value.trim()) throw new ConfigError(`${name}_FILE names ${file}, which is empty`);
    result[name] = value;
  }
  return result;
}
