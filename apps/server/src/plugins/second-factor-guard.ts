import type { FastifyRequest } from 'fastify';
import { peopleText } from '@cafe/shared';
import { refusal } from '../lib/errors';

const ENROL_FIRST =
  'Set up a second way to confirm it is you (a passkey or an authenticator app) before you go on: ' +
  'the cafe asks it of baristas and admins. Open your profile, Sign-in security.';

/**
 * What a person who must enrol a second factor may still reach of the signed-in routes: signing
 * out and their factors (everything under /auth), and their own profile's reads (who they are,
 * their notification settings) so that the profile where they enrol can show.
 */
function reachableBeforeEnrolment(method: string, url: string | undefined): boolean {
  if (url === undefined || url.startsWith('/api/auth/')) return true;
  if (method !== 'GET') return false;
  return url === '/api/user/me' || url.startsWith('/api/user/me/') || url === '/api/user/notifications';
}

/**
 * Part of every signed-in route's guard (plugins/auth.ts): a barista or admin the setting asks a
 * second factor of, who has none, is refused with 403 `SECOND_FACTOR_MISSING` until they
 * enrol one (docs/decisions/0078-second-factor.md). Public routes stay public.
 */
export async function assertEnrolledIfAsked(request: FastifyRequest): Promise<void> {
  const user = request.authUser;
  if (!user || user.role === 'user') return;
  if (reachableBeforeEnrolment(request.method, request.routeOptions.url)) return;
  if (await request.server.ctx.services.auth.secondFactor.mustEnrol(user)) {
    throw refusal(403, 'SECOND_FACTOR_MISSING', peopleText('people.auth.enrolFirst'), ENROL_FIRST);
  }
}
