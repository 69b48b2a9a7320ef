import { SsoCallbackBodySchema, SsoStartSchema, TokenPairSchema } from '@cafe/shared';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi';
import { limitTo } from '../../plugins/security';
import type { SsoService } from './sso.service';

/** The attempt cookie of the request (named `name`), if it sent one. */
function attemptCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export const ssoRoutes: FastifyPluginAsyncZod<{ sso: SsoService }> = async (app, { sso: service }) => {
  const limited = app.ctx.config.rateLimit;
  // Each start asks the provider nothing new (its configuration is kept) but makes a cookie; each
  // callback makes a request to the provider: both are counted per address like sign-in.
  const ssoLimit: FastifyContextConfig = limited ? limitTo(30, '5 minutes') : {};

  /**
   * httpOnly (scripts never see it), SameSite=Strict (a page of another site cannot send it), no
   * Domain (this host only), Path=/ as the `__Host-` prefix demands, and Secure (with the prefix)
   * in production and wherever the cafe is served over https.
   */
  function setAttemptCookie(reply: FastifyReply, value: string, maxAge: number): void {
    const secure = service.secureCookie() ? '; Secure' : '';
    void reply.header(
      'set-cookie',
      `${service.cookieName()}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
    );
  }

  app.post(
    '/auth/sso/start',
    {
      config: ssoLimit,
      schema: {
        tags: ['auth'],
        summary: "Start a sign-in with the company's identity provider (single sign-on)",
        description:
          "Answers where to send the browser (the provider's sign-in page) and sets the attempt cookie (httpOnly, " +
          '10 minutes) that POST /auth/sso/callback needs. 404 when single sign-on is not configured; 503 when the ' +
          'provider cannot be reached.',
        response: { 200: SsoStartSchema, ...errorResponses(404, 429, 503) },
      },
    },
    async (_request, reply) => {
      const { authorizationUrl, cookie } = await service.start();
      setAttemptCookie(reply, cookie, service.attemptTtlSeconds);
      return { authorizationUrl };
    },
  );

  app.post(
    '/auth/sso/callback',
    {
      config: { ...ssoLimit, signIn: 'sso' },
      schema: {
        tags: ['auth'],
        summary: "Finish a single sign-on with the provider's answer: the same token pair as a password sign-in",
        description:
          'The body carries the query string the provider sent the browser back to /login/sso with; the attempt ' +
          'cookie of POST /auth/sso/start must come along (and is cleared: an attempt is used once). A first sign-in ' +
          'makes the account (role user, no password).',
        body: SsoCallbackBodySchema,
        response: { 200: TokenPairSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const cookie = attemptCookie(request, service.cookieName());
      // Whatever the outcome, this attempt is over: a new sign-in starts a new one.
      if (cookie !== undefined) setAttemptCookie(reply, '', 0);
      return service.finish(request.body.query, cookie, request.headers['user-agent']);
    },
  );
};
