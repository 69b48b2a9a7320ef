import type { ErrorCode } from '@cafe/shared';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { AppError } from '../lib/errors';
import type { databaseRateLimitStore } from './rate-limit-store';

type Counters = ReturnType<typeof databaseRateLimitStore>;

/** A count of failures in a window that ends: at `max`, further attempts get 429 until it resets. */
export interface FailureRule {
  max: number;
  windowMs: number;
}

export interface FailureLimitOptions {
  /** Names the counters, e.g. `login` or `register`. */
  name: string;
  /** Answers that count as a failure (a success never counts). */
  failures: readonly number[];
  /** Failures from one network address (a whole office may share one). */
  perAddress: FailureRule;
  /**
   * Failures for one account, from any address; keyed by the e-mail in the body. Left out where the
   * body names no e-mail (a request naming its account otherwise uses accountAttemptLimit).
   */
  perAccount?: FailureRule;
}

const MESSAGE = 'Too many attempts. Please wait a moment and try again.';

function emailOf(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined | null;
  const email = body && typeof body === 'object' ? body.email : undefined;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

async function refuseAtLimit(counters: Counters, key: string, rule: FailureRule, reply: FastifyReply) {
  const { current, ttl } = await counters.read(key);
  if (current < rule.max) return;
  void reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
  throw new AppError(429, 'RATE_LIMITED', MESSAGE);
}

/**
 * Route hooks that limit FAILED attempts, per address and per account; successful ones are never
 * counted, so a barista signing in again and again, or a whole office registering from one
 * address on its first day, is not refused. The address is checked on arrival, before the body is
 * read; the account once the body is parsed. Counters live in the database (shared by every process).
 */
export function failureLimit(counters: Counters, options: FailureLimitOptions): RouteShorthandOptions {
  const addressKey = (request: FastifyRequest) => `${options.name}-failed-address|${request.ip}`;
  const accountKey = (email: string) => `${options.name}-failed|${email}`;
  const { perAccount } = options;
  return {
    onRequest: async (request, reply) => {
      await refuseAtLimit(counters, addressKey(request), options.perAddress, reply);
    },
    preHandler: async (request, reply) => {
      const email = emailOf(request);
      if (email && perAccount) await refuseAtLimit(counters, accountKey(email), perAccount, reply);
    },
    // Counted before the answer leaves, so the next attempt already sees it.
    onSend: async (request, reply, payload) => {
      if (!options.failures.includes(reply.statusCode)) return payload;
      try {
        await counters.hit(addressKey(request), options.perAddress.windowMs);
        const email = emailOf(request);
        if (email && perAccount) await counters.hit(accountKey(email), perAccount.windowMs);
      } catch (error) {
        // The refusal itself still reaches the person; the next attempt meets the database error.
        request.log.warn({ err: error }, 'could not count a failed attempt');
      }
      return payload;
    },
  };
}

/**
 * Route hooks that limit the attempts at one account whose requests name it by something other
 * than an e-mail (a pending sign-in's token names its person): `accountOf` finds the account once
 * the body is parsed (null: not counted here). Unlike failureLimit's count, which is read on arrival
 * and written as the answer leaves, the attempt is counted on arrival, in the one statement that
 * answers the count, and given back when its answer is not a failure: attempts sent all at once,
 * from many addresses and processes, cannot all pass before any of them is counted. From `max` in
 * the window on, every attempt at the account is refused with 429, the right one too, until the
 * window ends; a success gives back only its own attempt, it does not clear the count.
 */
export function accountAttemptLimit(
  counters: Counters,
  options: {
    /** Names the counter, e.g. `second-factor`. */
    name: string;
    /** Answers that count as a failure; any other answer gives its attempt back. */
    failures: readonly number[];
    /**
     * Of those answers, only refusals with these codes count (a wrong password, not a weak new one
     * after the right password); left out, every one of them counts.
     */
    failureCodes?: readonly ErrorCode[];
    perAccount: FailureRule;
    accountOf: (request: FastifyRequest) => Promise<string | null>;
  },
): RouteShorthandOptions {
  const { perAccount, failureCodes } = options;
  /** The counter each request took an attempt from, until its answer leaves. */
  const taken = new WeakMap<FastifyRequest, string>();
  /** The code of the error each request was refused with, where codes tell failures apart. */
  const refusedWith = new WeakMap<FastifyRequest, unknown>();
  const failed = (request: FastifyRequest, reply: FastifyReply) =>
    options.failures.includes(reply.statusCode) &&
    (failureCodes === undefined || (failureCodes as readonly unknown[]).includes(refusedWith.get(request)));
  return {
    ...(failureCodes && {
      onError: async (request: FastifyRequest, _reply: FastifyReply, error: Error) => {
        refusedWith.set(request, (error as { code?: unknown }).code);
      },
    }),
    preHandler: async (request, reply) => {
      const account = await options.accountOf(request);
      if (account === null) return;
      const key = `${options.name}-failed|${account}`;
      const { current, ttl } = await counters.hit(key, perAccount.windowMs);
      if (current > perAccount.max) {
        void reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
        throw new AppError(429, 'RATE_LIMITED', MESSAGE);
      }
      taken.set(request, key);
    },
    onSend: async (request, reply, payload) => {
      const key = taken.get(request);
      if (key === undefined || failed(request, reply)) return payload;
      try {
        await counters.release(key);
      } catch (error) {
        // Kept counted: the person meets the limit one attempt sooner, never later.
        request.log.warn({ err: error }, 'could not give back an attempt that did not fail');
      }
      return payload;
    },
  };
}

/**
 * Route hooks that limit SUCCESSFUL attempts per address (registrations: an address may create
 * only so many accounts in a window). Refused on arrival at the limit, counted when the answer is
 * `success`; in the same shared counters as the failures.
 */
export function successLimit(
  counters: Counters,
  options: { name: string; success: number; perAddress: FailureRule },
): RouteShorthandOptions {
  const addressKey = (request: FastifyRequest) => `${options.name}-created-address|${request.ip}`;
  return {
    onRequest: async (request, reply) => {
      await refuseAtLimit(counters, addressKey(request), options.perAddress, reply);
    },
    onSend: async (request, reply, payload) => {
      if (reply.statusCode !== options.success) return payload;
      try {
        await counters.hit(addressKey(request), options.perAddress.windowMs);
      } catch (error) {
        request.log.warn({ err: error }, 'could not count a registration');
      }
      return payload;
    },
  };
}

/** Route options of two hook sets, run one after the other for each hook. */
export function bothLimits(a: RouteShorthandOptions, b: RouteShorthandOptions): RouteShorthandOptions {
  const merged: RouteShorthandOptions = { ...a };
  for (const hook of ['onRequest', 'preHandler', 'onError', 'onSend'] as const) {
    const hooks = [a[hook], b[hook]].flat().filter(Boolean);
    if (hooks.length) Object.assign(merged, { [hook]: hooks });
  }
  return merged;
}
