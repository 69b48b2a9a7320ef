import { TokenPairSchema } from '@cafe/shared';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureLimit } from '../../plugins/failure-limit';
import { errorResponses } from '../../plugins/openapi';
import { databaseRateLimitStore } from '../../plugins/rate-limit-store';
import { limitTo } from '../../plugins/security';
import type { LineLiff } from './line.liff';

const tags = ['line'];

export const LiffSettingsSchema = z.object({
  /** The LIFF app's id, for `liff.init({ liffId })`. */
  liffId: z.string(),
});

export const LiffSessionBodySchema = z.object({
  idToken: z
    .string()
    .min(1, { message: 'idToken is required' })
    .max(4096, { message: 'idToken must be at most 4096 characters' })
    .describe('The ID token of LINE Login the LIFF page got from LINE (`liff.getIDToken()`)'),
});

/** Failed LIFF sign-ins per address, as the password sign-in counts them (successes never count). */
const LIFF_FAILURES = {
  name: 'line-session',
  failures: [400, 401, 403, 413, 415],
  perAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  perAddress: { max: 100, windowMs: 15 * 60 * 1000 },
} as const;

/** The LIFF page's sign-in (docs/api/line.md): its LIFF app id, and a session for a linked LINE account. */
export const lineLiffRoutes: FastifyPluginAsyncZod<{ lineLiff: LineLiff }> = async (app, { lineLiff }) => {
  const limited = app.ctx.config.rateLimit;
  const floodGuard: FastifyContextConfig = limited ? limitTo(1000, '10 minutes') : {};
  const failures = limited ? failureLimit(databaseRateLimitStore(app.ctx.db), LIFF_FAILURES) : {};

  app.get(
    '/line/liff',
    {
      schema: {
        tags,
        summary: "The LIFF app's id for the menu inside LINE (404 while LINE or its LIFF app is not configured)",
        response: { 200: LiffSettingsSchema, ...errorResponses(404) },
      },
    },
    () => lineLiff.settings(),
  );

  app.post(
    '/line/session',
    {
      // Its sign-ins and refusals are security events (plugins/security-log.ts), as the password's are.
      config: { ...floodGuard, signIn: 'line' },
      ...failures,
      schema: {
        tags,
        summary: 'Sign in the LIFF page by its linked LINE account: the same token pair as a password sign-in',
        description:
          "The ID token is checked by LINE (`POST /oauth2/v2.1/verify` with the LINE Login channel's id). 401: LINE " +
          'refused it; 403: the LINE account is not linked (the answer names the one-time link, `messageId` and ' +
          '`params.url`), or is linked to a staff account (they sign in with their password); 404: LINE or its LIFF ' +
          'app is not configured; 503: LINE could not be reached.',
        body: LiffSessionBodySchema,
        response: { 200: TokenPairSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => lineLiff.signIn(request.body.idToken, request.headers['user-agent']),
  );
};
