import { peopleText, type PeopleText, type Role } from '@cafe/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from '../context';
import { forbidden, unauthenticated } from '../lib/errors';
import { assertEnrolledIfAsked } from './second-factor-guard';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() ?? null;
}

/**
 * Sets `request.authUser` from the bearer token, as the database has the user now: a role change
 * or a disabled account takes effect at once rather than when the token expires.
 */
export const authPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('authUser', null);
    // A callback hook rather than an async one: a request without a token (the health check, the
    // web app's files, sign-in) goes on at once instead of through a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = bearerToken(request);
      if (!token) {
        done();
        return;
      }
      app.ctx.services.auth.userForToken(token).then((user) => {
        request.authUser = user;
        done();
      }, done);
    });
  },
  { name: 'auth' },
);

/** preHandler: any signed-in user. */
export const requireAuth: preHandlerAsyncHookHandler = async (request) => {
  if (!request.authUser) throw unauthenticated();
  await assertEnrolledIfAsked(request);
};

/** What a person reads for a route their role does not open, by the roles it needs (as the English names them). */
const NEEDS_ROLE: Readonly<Record<string, PeopleText>> = {
  admin: peopleText('people.auth.needsAdmin'),
  barista: peopleText('people.auth.needsBarista'),
  'barista or admin': peopleText('people.auth.needsBaristaOrAdmin'),
  'user or admin': peopleText('people.auth.needsUserOrAdmin'),
};

/** preHandler: a signed-in user whose role is one of `roles`. */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  const needed = roles.join(' or ');
  return async (request) => {
    if (!request.authUser) throw unauthenticated();
    if (!roles.includes(request.authUser.role)) {
      throw forbidden(`This needs the ${needed} role.`, NEEDS_ROLE[needed]);
    }
    await assertEnrolledIfAsked(request);
  };
}

/** The signed-in user inside a handler guarded by requireAuth/requireRole. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthenticated();
  return request.authUser;
}
