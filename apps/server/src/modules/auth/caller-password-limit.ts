import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { accountAttemptLimit, bothLimits, failureLimit } from '../../plugins/failure-limit';
import type { databaseRateLimitStore } from '../../plugins/rate-limit-store';

/**
 * Wrong passwords of a signed-in person asked for theirs again (changing it, removing a factor, new
 * recovery codes, ending sessions), per account (ASVS 6.3.1): their bodies name no e-mail, so the
 * account is the caller. One password is guessed on all of these routes, so they share one count:
 * ten failed attempts in 15 minutes, from any of them and any address, then every one of them is
 * refused (429), the right password too, until the window ends. Counted on arrival like the second
 * factor's, so attempts sent all at once cannot pass together; a success does not clear the count.
 */
const CALLER_PASSWORD = {
  name: 'caller-password',
  // A weak new password after the right current one is no guess: its attempt is given back.
  failureCodes: ['WRONG_PASSWORD'],
  failures: [400],
  perAccount: { max: 10, windowMs: 15 * 60 * 1000 },
} as const;
/** And per client address, each route counting its own (under its `name`). */
const PER_ADDRESS = { max: 30, windowMs: 15 * 60 * 1000 } as const;

/** What the routes that ask the password again say of this limit (their OpenAPI descriptions). */
export const PASSWORD_AGAIN_LIMIT =
  '429 `RATE_LIMITED` (with `Retry-After`) once the account has had ten wrong passwords in 15 minutes on the ' +
  'routes that ask it again (changing it, removing a factor, new recovery codes, ending sessions), from any ' +
  'address, the right one too, until the 15 minutes end; and after 30 from one address.';

const callerAccount = (request: FastifyRequest): Promise<string | null> =>
  Promise.resolve(request.authUser ? `user:${request.authUser.id}` : null);

/**
 * Route hooks of a signed-in route that asks the password again: the sign-in check first, which
 * names the account, then, with `counters` (null when rate limits are off), its wrong passwords per
 * address under `name`, and per account in the count every such route shares.
 */
export function callerPasswordLimit(
  counters: ReturnType<typeof databaseRateLimitStore> | null,
  name: string,
): RouteShorthandOptions {
  const { failures } = CALLER_PASSWORD;
  return bothLimits(
    { preHandler: requireAuth },
    counters === null
      ? {}
      : bothLimits(
          failureLimit(counters, { name, failures, perAddress: PER_ADDRESS }),
          accountAttemptLimit(counters, { ...CALLER_PASSWORD, accountOf: callerAccount }),
        ),
  );
}
