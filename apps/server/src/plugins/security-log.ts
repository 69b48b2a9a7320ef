import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The security events (docs/security/logging.md): each is one JSON line of the process log with
 * `security` naming the event, beside the request's id (`reqId`) that every line of a request has.
 */
export type SecurityEventName =
  /** A sign-in or a token refresh that gave a token pair. */
  | 'sign-in'
  /** A sign-in or a token refresh that was refused. */
  | 'sign-in-failed'
  /** The password was right and the account's second factor is asked (202): no token pair yet. */
  | 'second-factor-asked'
  /** An access token presented but not taken (bad, expired, of an account no longer active). */
  | 'token-refused'
  /** A request refused for the person's role or ownership (403). */
  | 'access-refused'
  /** A request refused by a rate limit (429). */
  | 'rate-limited'
  /** An admin removed a person's second factors (they lost one): `userId` the admin, `targetUserId` the person. */
  | 'second-factors-reset';

/**
 * How a sign-in route proves who it is: `config: { signIn: ... }` on the route turns its events on.
 * `second-factor` is the step after the password (an app code, a recovery code or a passkey),
 * `passkey` a passkey alone.
 */
export type SignInMethod = 'password' | 'second-factor' | 'passkey' | 'sso' | 'line' | 'refresh';

declare module 'fastify' {
  interface FastifyContextConfig {
    signIn?: SignInMethod;
    /**
     * The person a refused attempt was at, where the body names them otherwise than by an e-mail
     * (a pending sign-in's token): their user id, or null.
     */
    signInUser?: (request: FastifyRequest) => Promise<number | null>;
  }
}

/**
 * Writes one security event. The only writer of security events: what they carry (never a
 * password or a token, only ids, the account's e-mail, the route and the address) is decided here.
 */
export function securityEvent(
  log: FastifyBaseLogger,
  event: SecurityEventName,
  fields: Record<string, string | number | undefined>,
): void {
  const entry = { security: event, ...fields };
  if (event === 'sign-in' || event === 'second-factor-asked') log.info(entry, `security: ${event}`);
  else log.warn(entry, `security: ${event}`);
}

function presentsBearer(request: FastifyRequest): boolean {
  return /^Bearer\s+\S/i.test(request.headers.authorization ?? '');
}

/** The account a sign-in names (its e-mail), without anything else of the body. */
function accountOf(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = body && typeof body === 'object' ? body.email : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : undefined;
}

/** The kind of second factor a body gives (`totp`: an authenticator app's code), never the factor itself. */
function factorOf(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object') return undefined;
  if ('code' in body) return 'totp';
  if ('recoveryCode' in body) return 'recovery-code';
  return 'passkey' in body ? 'passkey' : undefined;
}

/** The person a refused attempt was at (the route's `signInUser`); none when it cannot be told. */
async function attemptedUser(request: FastifyRequest): Promise<number | undefined> {
  const find = request.routeOptions.config.signInUser;
  if (!find) return undefined;
  try {
    return (await find(request)) ?? undefined;
  } catch (error) {
    request.log.warn({ err: error }, 'could not tell whose sign-in was refused');
    return undefined;
  }
}

/** The route's pattern (`/api/order/:id`), not the path a client typed. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? (request.url.split('?')[0] ?? '/').slice(0, 200);
}

/**
 * Logs authentication outcomes, refused tokens, refused authorizations and rate-limit refusals
 * as security events (ASVS 16.3.1-16.3.3). Registered after the auth plugin, whose `authUser` it reads.
 */
export const securityLogPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (presentsBearer(request) && !request.authUser) {
        securityEvent(request.log, 'token-refused', { route: routeOf(request), address: request.ip });
      }
      done();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const method = request.routeOptions.config.signIn;
      if (!method) return payload;
      const account = method === 'password' ? accountOf(request) : undefined;
      const factor = method === 'second-factor' ? factorOf(request) : undefined;
      const address = request.ip;
      if (reply.statusCode === 200 && typeof payload === 'string') {
        const accessToken = (JSON.parse(payload) as { accessToken?: unknown }).accessToken;
        const inspection = typeof accessToken === 'string' ? app.ctx.tokens.inspect(accessToken) : null;
        const userId = inspection?.kind === 'valid' ? inspection.claims.userId : undefined;
        securityEvent(request.log, 'sign-in', { method, factor, account, userId, address });
      } else if (reply.statusCode === 202 && method === 'password') {
        // The password was right; the pending sign-in's token in the answer is never logged.
        securityEvent(request.log, 'second-factor-asked', { method, account, address });
      } else if (reply.statusCode >= 400) {
        const userId = await attemptedUser(request);
        securityEvent(request.log, 'sign-in-failed', {
          method,
          factor,
          account,
          userId,
          statusCode: reply.statusCode,
          address,
        });
      }
      return payload;
    });

    app.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      if (status === 403 || status === 429) {
        securityEvent(request.log, status === 403 ? 'access-refused' : 'rate-limited', {
          userId: request.authUser?.id,
          method: request.method,
          route: routeOf(request),
          address: request.ip,
        });
      }
      done();
    });
  },
  { name: 'security-log', dependencies: ['auth'] },
);
