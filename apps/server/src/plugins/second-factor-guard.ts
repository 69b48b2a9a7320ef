import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const ENROL_FIRST =
  'Set up a second way to confirm it is you (a passkey or an authenticator app) before you go on: ' +
  'the cafe asks it of baristas and admins. Open your profile, Sign-in security.';

/**
 * What a person who must enrol a second factor may still reach: signing in and out, their
 * factors (everything under /auth), the settings the web app starts with, and who they are.
 */
function reachableBeforeEnrolment(method: string, url: string | undefined): boolean {
  if (url === undefined) return true;
  if (url.startsWith('/api/auth/') || url === '/api/settings') return true;
  return method === 'GET' && url === '/api/user/me';
}

/**
 * A barista or admin the setting asks a second factor of, and who has none, is refused every other
 * route with 403 `SECOND_FACTOR_ENROLMENT_REQUIRED` until they enrol one (docs/decisions/0078).
 */
export const secondFactorGuard = fp(
  (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      const user = request.authUser;
      if (!user || user.role === 'user') return;
      if (reachableBeforeEnrolment(request.method, request.routeOptions.url)) return;
      if (await app.ctx.services.auth.secondFactor.mustEnrol(user)) {
        throw new AppError(403, 'SECOND_FACTOR_ENROLMENT_REQUIRED', ENROL_FIRST);
      }
    });
  },
  { name: 'second-factor-guard', dependencies: ['auth'] },
);
