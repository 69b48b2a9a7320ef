/**
 * What production refuses to send in the clear (decisions 0081 and 0087): the address people open
 * the cafe at, the webhook, the mail server and a database reached over a network. Each refusal says what to
 * write instead. Outside production (a laptop, the tests) plain connections stay possible.
 */
import type { Env } from './config-env';

/** Hosts that never leave the machine. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** The sslmode values with which the PostgreSQL client refuses to go on without TLS. */
const TLS_SSLMODES = new Set(['require', 'verify-ca', 'verify-full']);

/**
 * DATABASE_URL in production: TLS (sslmode=require, verify-ca or verify-full), unless the
 * connection never leaves the server's own network stack: a Unix socket or a loopback address.
 * Any host name or other address goes over a network, a container network of the same host
 * included (compose's `postgres` gets TLS against the installation's own CA; decision 0087).
 */
export function databaseTransportRefusal(url: string): string | null {
  let parsed: URL;
  try {
    // Without the user and password: a URL of a Unix socket has no host, which WHATWG URLs refuse beside a user.
    parsed = new URL(url.replace(/^(postgres(?:ql)?:\/\/)[^@/]*@/, '$1'));
  } catch {
    return 'DATABASE_URL is not a URL';
  }
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode !== null && TLS_SSLMODES.has(sslmode)) return null;
  const socket = parsed.searchParams.get('host');
  if (socket?.startsWith('/') || (parsed.hostname === '' && socket === null)) return null;
  const host = decodeURIComponent(parsed.hostname);
  if (host.startsWith('/') || isLoopback(host)) return null;
  return (
    `DATABASE_URL must ask for TLS when NODE_ENV=production and PostgreSQL is reached over a network (${host}): ` +
    'add ?sslmode=verify-full&sslrootcert=<the CA file>, and enable TLS on the database server ' +
    '(docs/deploy.md, "TLS inside the host"; sh deploy/make-secrets.sh adds it to compose\'s connections)'
  );
}

/** Query options of SMTP_URL that would let the mail client fall back to plain text. */
const SMTP_PLAIN_OPTIONS = /^(ignoreTLS|requireTLS|opportunisticTLS|secure|tls\..*)$/i;

/**
 * Production's refusals of plain-text connections, or null when there is none. SMTP_URL is
 * smtps:// (TLS from the first byte) or smtp:// with STARTTLS, which the mailer then requires
 * (`requireTls` below); a query option that would turn that off is refused.
 */
export function insecureTransportRefusal(e: Env): string | null {
  if (e.PUBLIC_URL?.startsWith('http://')) {
    return (
      'PUBLIC_URL must be an https:// URL when NODE_ENV=production: people reach the cafe over HTTPS only ' +
      '(sign-in, location, Web Push and the links in messages), and nginx or your proxy terminates TLS (docs/deploy.md, TLS)'
    );
  }
  if (e.WEBHOOK_URL?.startsWith('http://')) {
    return 'WEBHOOK_URL must be an https:// URL when NODE_ENV=production: notifications carry names and orders';
  }
  if (e.SMTP_URL) {
    const options = [...new URL(e.SMTP_URL).searchParams.keys()].filter((key) => SMTP_PLAIN_OPTIONS.test(key));
    if (options.length > 0) {
      return (
        `SMTP_URL may not set ${options.join(', ')} when NODE_ENV=production: the server always sends mail over TLS ` +
        '(smtps://, or smtp:// with STARTTLS required)'
      );
    }
  }
  if (e.DATABASE_URL) return databaseTransportRefusal(e.DATABASE_URL);
  return null;
}

/** Whether the mailer must upgrade an smtp:// connection with STARTTLS before it sends anything. */
export function smtpRequiresTls(e: Env, production: boolean): boolean {
  return production && Boolean(e.SMTP_URL?.startsWith('smtp://'));
}
