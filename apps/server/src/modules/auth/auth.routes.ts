import { LoginBodySchema, RefreshBodySchema, RegisterBodySchema, TokenPairSchema, UserSchema } from '@cafe/shared';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth } from '../../plugins/auth';
import { bearerSecurity, errorResponses, NoContentSchema } from '../../plugins/openapi';
import { limitTo } from '../../plugins/security';

/** Sign-in attempts are counted per address and e-mail, so one office behind one address is not locked out together. */
function loginKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `login:${request.ip}:${email}`;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.ctx.services.auth;
  const limited = app.ctx.config.rateLimit;
  const registerLimit: FastifyContextConfig = limited ? limitTo(30, '10 minutes') : {};
  const refreshLimit: FastifyContextConfig = limited ? limitTo(60, '1 minute') : {};
  // The key reads the e-mail from the body, so this limit runs once the body is parsed.
  const loginLimit: FastifyContextConfig = limited
    ? { rateLimit: { ...limitTo(10, '5 minutes', loginKey).rateLimit, hook: 'preValidation' } }
    : {};

  app.post(
    '/auth/register',
    {
      config: registerLimit,
      schema: {
        tags: ['auth'],
        summary: 'Create an account with a company e-mail (role user)',
        body: RegisterBodySchema,
        response: {
          201: UserSchema,
          ...errorResponses(400, 403, 409, 429),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await service.register(request.body)),
  );

  app.post(
    '/auth/v2/login',
    {
      config: loginLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: LoginBodySchema,
        response: {
          200: TokenPairSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => service.login(request.body),
  );

  app.post(
    '/auth/refresh-token',
    {
      // Counted per address before the body is read, so token guessing is bounded too.
      config: refreshLimit,
      schema: {
        tags: ['auth'],
        summary: 'Trade a refresh token for a new token pair; the presented one stops working',
        body: RefreshBodySchema,
        response: { 200: TokenPairSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => service.refresh(request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the given refresh token stops working',
        security: bearerSecurity,
        body: RefreshBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await service.logout(currentUser(request).id, request.body.refreshToken);
      return reply.status(204).send(null);
    },
  );
};
