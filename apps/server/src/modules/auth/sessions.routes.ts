import { EndSessionsBodySchema, SessionListSchema, SessionsEndedSchema } from '@cafe/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, currentUser, requireAuth } from '../../plugins/auth';
import { bearerSecurity, errorResponses, guardedRoutes } from '../../plugins/openapi';
import { databaseRateLimitStore } from '../../plugins/rate-limit-store';
import { callerPasswordLimit, PASSWORD_AGAIN_LIMIT } from './caller-password-limit';
import type { SessionsService } from './sessions.service';

const guarded = guardedRoutes(['auth']);

const CONFIRMATION =
  'Asks the password again (`password`; 400 `WRONG_PASSWORD` when it is missing or not right); an account that ' +
  'signs in with the company sign-in only has none and needs a sign-in on this device within the last 10 minutes ' +
  'instead (403 `FORBIDDEN` saying so). Ending a session revokes its refresh token (its next refresh is 401), ends ' +
  "every access token of the person issued until now (the other devices refresh theirs silently), and drops the person's " +
  'live connections (`session-changed`). Answers how many sessions ended and a fresh access token for this device. ' +
  PASSWORD_AGAIN_LIMIT;

export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, { sessions }) => {
  const limited = app.ctx.config.rateLimit;
  // Wrong passwords given to end sessions, counted against the caller's account.
  const endLimit = callerPasswordLimit(limited ? databaseRateLimitStore(app.ctx.db) : null, 'sessions-end');
  /** The session (refresh-token family) the caller's access token was issued to, if it names one. */
  const sessionOf = (request: FastifyRequest): string | undefined => {
    const token = bearerToken(request);
    const inspection = token ? app.ctx.tokens.inspect(token) : null;
    return inspection?.kind === 'valid' ? inspection.claims.sessionId : undefined;
  };

  app.get(
    '/auth/sessions',
    guarded(requireAuth, {
      summary: "The caller's signed-in sessions (one per sign-in on a device), this device's marked",
      description:
        'Newest use first: the device in plain words (from the browser at sign-in), the sign-in, the last refresh, ' +
        'when it ends at the latest, and whether it is this device. `confirmWith` says what ending one asks.',
      response: { 200: SessionListSchema, ...errorResponses(401) },
    }),
    (request) => sessions.list(currentUser(request), sessionOf(request)),
  );

  app.post(
    '/auth/sessions/:id/end',
    {
      ...endLimit,
      schema: {
        tags: ['auth'],
        summary: 'End one of the caller’s sessions',
        description: `${CONFIRMATION} 404 when no live session of the caller has this id.`,
        security: bearerSecurity,
        params: z.object({ id: z.string().min(1).max(64) }),
        body: EndSessionsBodySchema,
        response: { 200: SessionsEndedSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    (request) => sessions.endOne(currentUser(request), sessionOf(request), request.params.id, request.body),
  );

  app.post(
    '/auth/sessions/end-others',
    {
      ...endLimit,
      schema: {
        tags: ['auth'],
        summary: 'End every session of the caller but this device’s',
        description: `${CONFIRMATION} A token that names no session (issued before sessions had ids) is a 401: refresh and ask again.`,
        security: bearerSecurity,
        body: EndSessionsBodySchema,
        response: { 200: SessionsEndedSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    (request) => sessions.endOthers(currentUser(request), sessionOf(request), request.body),
  );
};
