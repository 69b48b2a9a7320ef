import type { Role } from '@cafe/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from '../context';
import { forbidden, unauthenticated } from '../lib/errors';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() ?? null;
}

/**
 * Resolves the bearer token to the user as the database has it now, so a role change or a
 * disabled account takes effect at once rather than when the token expires.
 */
export async function resolveUser(app: FastifyInstance, token: string | null): Promise<AuthUser | null> {
  if (!token) return null;
  const claims = await app.ctx.tokens.verify(token);
  if (!claims) return null;
  const row = await app.ctx.db
    .selectFrom('users')
    .select(['id', 'role', 'name', 'email', 'is_available'])
    .where('id', '=', claims.userId)
    .executeTakeFirst();
  if (!row || row.is_available !== 'available') return null;
  return { id: row.id, role: row.role, name: row.name, email: row.email };
}

export const authPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('authUser', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      request.authUser = await resolveUser(app, token);
      // A token was sent but did not resolve: remember so guards answer 401, not 403.
      if (!request.authUser) (request as FastifyRequest & { badToken?: boolean }).badToken = true;
    });
  },
  { name: 'auth' },
);

/** preHandler: any signed-in user. */
export const requireAuth: preHandlerAsyncHookHandler = async (request) => {
  if (!request.authUser) throw unauthenticated();
};

/** preHandler: a signed-in user whose role is one of `roles`. */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!request.authUser) throw unauthenticated();
    if (!roles.includes(request.authUser.role)) {
      throw forbidden(`This needs the ${roles.join(' or ')} role.`);
    }
  };
}

/** The signed-in user inside a handler guarded by requireAuth/requireRole. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthenticated();
  return request.authUser;
}
