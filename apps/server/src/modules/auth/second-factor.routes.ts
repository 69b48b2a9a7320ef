import {
  AddPasskeyBodySchema,
  AddTotpBodySchema,
  FactorAddedSchema,
  IdParamsSchema,
  PasskeyOptionsSchema,
  PasskeySignInBodySchema,
  PasswordAgainBodySchema,
  PendingTokenBodySchema,
  RecoveryCodesSchema,
  SecondFactorBodySchema,
  SecondFactorPolicySchema,
  SecondFactorsSchema,
  TokenPairSchema,
  TotpSetupSchema,
} from '@cafe/shared';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { accountAttemptLimit, bothLimits, failureLimit } from '../../plugins/failure-limit';
import { bearerSecurity, errorResponses, guardedRoutes, NoContentSchema } from '../../plugins/openapi';
import { databaseRateLimitStore } from '../../plugins/rate-limit-store';
import { limitTo } from '../../plugins/security';
import { securityEvent } from '../../plugins/security-log';
import type { AuthService } from './auth.service';
import { callerPasswordLimit, PASSWORD_AGAIN_LIMIT } from './caller-password-limit';

const guarded = guardedRoutes(['auth']);

/**
 * Wrong factors, wrong passkeys and used-up pending sign-ins, per client address, as sign-in counts
 * wrong passwords; each pending sign-in also takes only five wrong factors (then the password again).
 */
const FACTOR_FAILURES = {
  name: 'second-factor',
  failures: [400, 401, 413, 415],
  perAddress: { max: 100, windowMs: 15 * 60 * 1000 },
} as const;
/**
 * And per account, whichever pending sign-in and address they come from (ASVS 6.3.1): ten attempts
 * that fail in 15 minutes, as for the password, then every factor of the account is refused (429),
 * the right one too, until the window ends. A success does not clear the count, so the person
 * signing in meanwhile does not hand whoever holds their password ten more guesses.
 */
const FACTOR_ACCOUNT_FAILURES = {
  name: 'second-factor',
  failures: FACTOR_FAILURES.failures,
  perAccount: { max: 10, windowMs: 15 * 60 * 1000 },
} as const;

/** The second factor: the step after the password, passkey sign-in, and a person's own factors. */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const service = auth.secondFactor;
  const limited = app.ctx.config.rateLimit;
  const counters = databaseRateLimitStore(app.ctx.db);
  const floodGuard: FastifyContextConfig = limited ? limitTo(1000, '10 minutes') : {};
  const factorFailures = limited ? failureLimit(counters, FACTOR_FAILURES) : {};
  // The person a pending sign-in's token is for: their account counts its factors (and a refused
  // one is logged with them, security-log.ts).
  const pendingUser = async (request: FastifyRequest): Promise<number | null> => {
    const body = request.body as { token?: unknown } | null | undefined;
    const token = body && typeof body === 'object' ? body.token : undefined;
    return typeof token === 'string' && token !== '' ? service.pendingSignInAccount(token) : null;
  };
  const pendingAccount = async (request: FastifyRequest): Promise<string | null> => {
    const userId = await pendingUser(request);
    return userId === null ? null : `user:${userId}`;
  };
  const signInFactorFailures = limited
    ? bothLimits(
        failureLimit(counters, FACTOR_FAILURES),
        accountAttemptLimit(counters, { ...FACTOR_ACCOUNT_FAILURES, accountOf: pendingAccount }),
      )
    : {};
  const optionsLimit: FastifyContextConfig = limited ? limitTo(60, '1 minute') : {};
  // Wrong passwords when removing a factor or asking for new recovery codes.
  const passwordAgain = callerPasswordLimit(limited ? counters : null, 'second-factor-password');

  app.post(
    '/auth/second-factor',
    {
      config: { ...floodGuard, signIn: 'second-factor', signInUser: pendingUser },
      ...signInFactorFailures,
      schema: {
        tags: ['auth'],
        summary: 'Complete a sign-in with its second factor: an app code, a recovery code, or a passkey',
        description:
          'The `token` of the 202 answer of `POST /auth/v2/login` and exactly one of `code` (six digits of the ' +
          "authenticator app; each code works once), `recoveryCode` (once) or `passkey` (the browser's answer to " +
          '`POST /auth/second-factor/passkey-options`). 401 `SECOND_FACTOR_FAILED` for a wrong one; after five, or ' +
          'five minutes, the sign-in has ended (401 `UNAUTHENTICATED`). 429 `RATE_LIMITED` (with `Retry-After`) ' +
          'once the account has had ten failed attempts in 15 minutes, from any sign-ins and addresses, the ' +
          'right factor too, until the 15 minutes end; and after 100 failures from one address.',
        body: SecondFactorBodySchema,
        response: { 200: TokenPairSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => service.completeSignIn(request.body, request.headers['user-agent']),
  );

  app.post(
    '/auth/second-factor/passkey-options',
    {
      config: floodGuard,
      ...signInFactorFailures,
      schema: {
        tags: ['auth'],
        summary: 'WebAuthn options for the passkey of a pending sign-in',
        body: PendingTokenBodySchema,
        response: { 200: PasskeyOptionsSchema, ...errorResponses(400, 401, 429) },
      },
    },
    (request) => service.pendingPasskeyOptions(request.body.token),
  );

  app.post(
    '/auth/passkey/options',
    {
      config: optionsLimit,
      schema: {
        tags: ['auth'],
        summary: 'WebAuthn options to sign in with a passkey alone (no e-mail, no password)',
        response: { 200: PasskeyOptionsSchema, ...errorResponses(429) },
      },
    },
    () => service.passkeySignInOptions(),
  );

  app.post(
    '/auth/passkey',
    {
      config: { ...floodGuard, signIn: 'passkey' },
      ...factorFailures,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey that verified its person',
        description:
          "The `token` of `POST /auth/passkey/options` and the browser's answer. 401 `SECOND_FACTOR_FAILED` when " +
          'the passkey is not known here or did not verify its person.',
        body: PasskeySignInBodySchema,
        response: { 200: TokenPairSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => service.passkeySignIn(request.body.token, request.body.passkey, request.headers['user-agent']),
  );

  app.get(
    '/auth/second-factors',
    guarded(requireAuth, {
      summary: "The caller's passkeys and authenticator apps, and their recovery codes left",
      response: { 200: SecondFactorsSchema, ...errorResponses(401) },
    }),
    async (request) => {
      const caller = currentUser(request);
      const required = caller.role !== 'user' && (await service.policy()).requiredForStaff;
      return service.list(caller, required);
    },
  );

  app.post(
    '/auth/second-factors/passkey/options',
    guarded(requireAuth, {
      summary: 'WebAuthn registration options for a new passkey of the caller',
      response: { 200: PasskeyOptionsSchema, ...errorResponses(401, 409) },
    }),
    (request) => service.passkeyEnrolOptions(currentUser(request)),
  );

  app.post(
    '/auth/second-factors/passkey',
    guarded(requireAuth, {
      summary: 'Add the passkey the browser made; the first factor comes with ten recovery codes',
      body: AddPasskeyBodySchema,
      response: { 201: FactorAddedSchema, ...errorResponses(400, 401, 409) },
    }),
    async (request, reply) => reply.status(201).send(await service.addPasskey(currentUser(request), request.body)),
  );

  app.post(
    '/auth/second-factors/totp/setup',
    guarded(requireAuth, {
      summary: 'A new authenticator-app secret (text and otpauth:// address), confirmed by its first code',
      response: { 200: TotpSetupSchema, ...errorResponses(401, 409) },
    }),
    (request) => service.totpSetup(currentUser(request)),
  );

  app.post(
    '/auth/second-factors/totp',
    {
      ...bothLimits({ preHandler: requireAuth }, factorFailures),
      schema: {
        tags: ['auth'],
        summary: 'Add the authenticator app with its first code; the first factor comes with ten recovery codes',
        security: bearerSecurity,
        body: AddTotpBodySchema,
        response: { 201: FactorAddedSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addTotp(currentUser(request), request.body)),
  );

  app.delete(
    '/auth/second-factors/:id',
    {
      ...passwordAgain,
      schema: {
        tags: ['auth'],
        summary: 'Remove a passkey or app (the password asked again); the last one takes the recovery codes',
        description: `400 \`WRONG_PASSWORD\` when the password is not right. ${PASSWORD_AGAIN_LIMIT}`,
        security: bearerSecurity,
        params: IdParamsSchema,
        body: PasswordAgainBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await service.removeFactor(currentUser(request), request.params.id, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/recovery-codes',
    {
      ...passwordAgain,
      schema: {
        tags: ['auth'],
        summary: 'Ten new recovery codes (the password asked again); the earlier ones stop working',
        description: `400 \`WRONG_PASSWORD\` when the password is not right. ${PASSWORD_AGAIN_LIMIT}`,
        security: bearerSecurity,
        body: PasswordAgainBodySchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    (request) => service.regenerateRecoveryCodes(currentUser(request), request.body.password),
  );

  app.get(
    '/auth/second-factor-policy',
    guarded(requireRole('admin'), {
      summary: 'Whether baristas and admins with a password must have a second factor',
      response: { 200: SecondFactorPolicySchema, ...errorResponses(401, 403) },
    }),
    () => service.policy(),
  );

  app.put(
    '/auth/second-factor-policy',
    guarded(requireRole('admin'), {
      summary: 'Require (or stop requiring) a second factor of baristas and admins with a password',
      body: SecondFactorPolicySchema,
      response: { 200: SecondFactorPolicySchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => service.setPolicy(currentUser(request), request.body),
  );

  app.delete(
    '/user/:id/second-factors',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: "Reset a person's second factors when they lost one (admin; not your own account)",
        description:
          'For someone who lost their phone or security key, once an admin has checked who they are. Their ' +
          'passkeys, authenticator apps, recovery codes and pending sign-ins are removed and every session of ' +
          'theirs ends (as with a new password). Their next sign-in is the password alone; while a second factor ' +
          'is required of staff, a barista or admin is then asked to set one up, as a new one is. Recorded in ' +
          'the audit log (`user.second-factor.reset`, with who did it) and as a security event. 204 also for a ' +
          'person without factors; 403 for your own account (remove your own in your profile); 404 for no such person.',
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      await service.resetFactors(caller, request.params.id);
      securityEvent(request.log, 'second-factors-reset', {
        userId: caller.id,
        targetUserId: request.params.id,
        address: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
};
