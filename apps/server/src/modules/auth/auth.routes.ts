import {
  ChangePasswordBodySchema,
  PasswordResetBodySchema,
  PasswordResetRequestBodySchema,
  ConfirmEmailBodySchema,
  EmailConfirmationStatusSchema,
  LoginBodySchema,
  RefreshBodySchema,
  RegisterBodySchema,
  SecondFactorPendingSchema,
  TokenPairSchema,
  UserSchema,
  type NotificationLanguage,
} from '@cafe/shared';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAuth } from '../../plugins/auth';
import { bearerSecurity, errorResponses, guardedRoutes, NoContentSchema } from '../../plugins/openapi';
import { bothLimits, failureLimit, successLimit } from '../../plugins/failure-limit';
import { databaseRateLimitStore } from '../../plugins/rate-limit-store';
import { limitTo } from '../../plugins/security';
import type { AuthService } from './auth.service';
import { callerPasswordLimit, PASSWORD_AGAIN_LIMIT } from './caller-password-limit';

const guarded = guardedRoutes(['auth']);

/** The language a message to the person is written in: Thai when their browser asks for it first. */
function languageOf(request: FastifyRequest): NotificationLanguage {
  const wanted = request.headers['accept-language'];
  return typeof wanted === 'string' && /^th\b/i.test(wanted.trim()) ? 'th' : 'en';
}

/** Every request per address, counted on arrival before the body is read: a flood guard only. */
const FLOOD_GUARD = { max: 1000, window: '10 minutes' } as const;

/** Failed attempts (wrong password, taken e-mail, wrong domain, a broken body); successes never count. */
const SIGN_IN_FAILURES = {
  name: 'login',
  failures: [400, 401, 403, 413, 415],
  perAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  perAddress: { max: 100, windowMs: 15 * 60 * 1000 },
} as const;
const REGISTER_FAILURES = {
  name: 'register',
  failures: [400, 403, 409, 413, 415],
  perAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  perAddress: { max: 100, windowMs: 60 * 60 * 1000 },
} as const;

/**
 * Reset links asked for: every request counts (a 202 too, the answer is the same for every
 * address), per address asked about and per client address, so no one floods a colleague's inbox.
 */
const RESET_REQUESTS = {
  name: 'password-reset',
  failures: [202, 400, 403, 413, 415],
  perAccount: { max: 5, windowMs: 60 * 60 * 1000 },
  perAddress: { max: 30, windowMs: 60 * 60 * 1000 },
} as const;
/**
 * Reset tokens tried: wrong or used ones count, per client address only. A guessed token names no
 * account: only the hash of a link's exact token finds its row (32 random bytes, 30 minutes, once),
 * so a wrong one is a guess at every live link at once and cannot be counted against anyone. The
 * bound on guessing is the token's size under this count; a count per account would have nothing
 * to key on, and keyed on a used or expired link's person it would let whoever holds an old link
 * refuse the person's new one (docs/decisions/0051-passwords-and-sessions.md).
 */
const RESET_FAILURES = {
  name: 'password-reset-confirm',
  failures: [400, 413, 415],
  perAddress: { max: 30, windowMs: 15 * 60 * 1000 },
} as const;

/**
 * What logout asks the browser to clear (ASVS 3.4.3 / 14.3.1): its HTTP cache and cookies. Not
 * "storage": the web app keeps the person's language, the board's queue of moves not yet sent and
 * its service worker there, and removes the session itself (docs/decisions/0051).
 */
export const LOGOUT_CLEAR_SITE_DATA = '"cache", "cookies"';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth: service }) => {
  const limited = app.ctx.config.rateLimit;
  const floodGuard: FastifyContextConfig = limited ? limitTo(FLOOD_GUARD.max, FLOOD_GUARD.window) : {};
  const counters = databaseRateLimitStore(app.ctx.db);
  // Accounts made from one address, successful ones too: whoever can reach the cafe cannot make
  // colleagues' accounts by the hundred (REGISTRATIONS_PER_ADDRESS an hour, docs/configuration.md).
  const registerLimits = limited
    ? bothLimits(
        failureLimit(counters, REGISTER_FAILURES),
        successLimit(counters, {
          name: 'register',
          success: 201,
          perAddress: { max: app.ctx.config.registrationsPerAddress, windowMs: 60 * 60 * 1000 },
        }),
      )
    : {};

  app.post(
    '/auth/register',
    {
      config: floodGuard,
      ...registerLimits,
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
    async (request, reply) => reply.status(201).send(await service.register(request.body, languageOf(request))),
  );

  app.get(
    '/auth/email-confirmation',
    guarded(requireAuth, {
      summary: 'Whether the caller must still confirm their e-mail address before ordering',
      description:
        'With e-mail configured (`required`), an account registered with a password is `confirmed` once it opened ' +
        'the link sent to its address; until then placing an order answers 403 `EMAIL_NOT_CONFIRMED`.',
      response: { 200: EmailConfirmationStatusSchema, ...errorResponses(401) },
    }),
    (request) => service.confirmationStatus(currentUser(request)),
  );

  app.post(
    '/auth/email-confirmation',
    {
      config: floodGuard,
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the token of the link sent to it',
        description:
          'The link is `PUBLIC_URL/confirm-email#token=...` (the token in the fragment, which reaches no server or log), valid for 24 hours and once; a newer link replaces it. ' +
          'An unknown, used or expired token is a 400 saying which.',
        body: ConfirmEmailBodySchema,
        response: { 200: z.object({ email: z.string() }), ...errorResponses(400, 429) },
      },
    },
    (request) => service.confirmEmail(request.body.token),
  );

  app.post(
    '/auth/email-confirmation/resend',
    {
      config: limited ? limitTo(10, '1 hour') : {},
      ...guarded(requireAuth, {
        summary: 'Send the caller a new confirmation link (the earlier ones stop working)',
        description: 'Nothing is sent when the address is confirmed already, or e-mail is not configured.',
        response: { 204: NoContentSchema, ...errorResponses(401, 429) },
      }),
    },
    async (request, reply) => {
      await service.resendConfirmation(currentUser(request), languageOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/v2/login',
    {
      config: { ...floodGuard, signIn: 'password' },
      ...(limited ? failureLimit(counters, SIGN_IN_FAILURES) : {}),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'An account with a second factor gets 202 with a pending sign-in and no token: its factor completes it ' +
          '(`POST /auth/second-factor`). Every other account gets the token pair as before.',
        body: LoginBodySchema,
        response: {
          200: TokenPairSchema,
          202: SecondFactorPendingSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const answer = await service.login(request.body, request.headers['user-agent']);
      return 'secondFactor' in answer ? reply.status(202).send(answer) : answer;
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      // Counted per address before the body is read, so token guessing is bounded too.
      config: { ...(limited ? limitTo(60, '1 minute') : {}), signIn: 'refresh' },
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
    guarded(requireAuth, {
      summary: 'Sign out: the given refresh token stops working',
      body: RefreshBodySchema,
      response: { 204: NoContentSchema, ...errorResponses(400, 401) },
    }),
    async (request, reply) => {
      await service.logout(currentUser(request).id, request.body.refreshToken);
      return reply.status(204).header('clear-site-data', LOGOUT_CLEAR_SITE_DATA).send(null);
    },
  );

  app.post(
    '/auth/password',
    {
      // Wrong current passwords of a signed-in person.
      ...callerPasswordLimit(limited ? counters : null, 'password-change'),
      schema: {
        tags: ['auth'],
        summary: "Change the caller's password (the current one asked); every other session ends",
        description:
          'Answers a fresh token pair for this device: every other refresh token of the person is revoked and ' +
          'every access token issued before is refused. 400 `WRONG_PASSWORD` when the current password is not ' +
          'right, 400 `WEAK_PASSWORD` (saying why) when the new one is easy to guess, 409 `NO_PASSWORD` for an ' +
          'account that signs in with the company sign-in only. ' +
          PASSWORD_AGAIN_LIMIT,
        security: bearerSecurity,
        body: ChangePasswordBodySchema,
        response: { 200: TokenPairSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => service.changePassword(currentUser(request), request.body, request.headers['user-agent']),
  );

  app.post(
    '/auth/password-reset',
    {
      config: floodGuard,
      ...(limited ? failureLimit(counters, RESET_REQUESTS) : {}),
      schema: {
        tags: ['auth'],
        summary: 'Send a link that sets a new password to this address, if it has an account',
        description:
          'The same 202 for every address, known or not. The link is `PUBLIC_URL/reset-password#token=...`, valid ' +
          'for 30 minutes and once; a newer link replaces it. 404 when e-mail is not configured.',
        body: PasswordResetRequestBodySchema,
        response: { 202: z.object({ message: z.string() }), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.requestPasswordReset(request.body.email, languageOf(request));
      return reply.status(202).send({
        message: 'If this address has an account, a link to set a new password is on its way. It works for 30 minutes.',
      });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: floodGuard,
      ...(limited ? failureLimit(counters, RESET_FAILURES) : {}),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link; every session of the person ends',
        description:
          'An unknown, used or expired token is a 400 saying which; a weak password is 400 `WEAK_PASSWORD`. ' +
          '404 when e-mail is not configured. 429 `RATE_LIMITED` (with `Retry-After`) after 30 failures from one ' +
          'address in 15 minutes.',
        body: PasswordResetBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.resetPassword(request.body);
      return reply.status(204).send(null);
    },
  );
};
