import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import type { AppBase } from '../../context';
import type { ChatChannel } from '../../db/types';
import type { ChatService } from './chat.service';
import { AppError, badRequest } from '../../lib/errors';

/*
 * The plumbing every chat adapter shares: reading a platform's JSON (a field of another shape is
 * none), the endpoint that keeps the raw body a platform signs, and the work after an answer.
 */

/** A JSON value read as an object, a string or a list: anything of another shape is an empty one. */
export const objectOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');
export const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** An order's id as a button carries it, or null (a forged button). */
export const orderIdIn = (value: unknown): number | null =>
  typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
/** A refusal (4xx) the person is told of; anything else is no answer for them. */
export const isRefusal = (error: unknown): error is AppError => error instanceof AppError && error.statusCode < 500;

/** A body that must be a JSON object; 400 with `refusal` otherwise. */
export function jsonObject(body: string, refusal: string): Record<string, unknown> {
  let value: unknown = null;
  try {
    value = JSON.parse(body);
  } catch {
    // refused below
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(refusal);
  return value as Record<string, unknown>;
}

/** A platform's requests are small: a larger body is not the platform's (413). */
const PLATFORM_BODY_LIMIT = 256 * 1024;

/**
 * A platform's endpoint (POST `url`): its body kept as the text it was signed over, whatever its
 * type (this scope only), and `configured` asked before anything else (404 while the channel is off).
 */
export async function platformEndpoint(
  app: FastifyInstance,
  url: string,
  route: { configured: () => void; schema: FastifySchema },
  handler: (body: string, headers: IncomingHttpHeaders, reply: FastifyReply) => unknown,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: PLATFORM_BODY_LIMIT }, (_, body, done) =>
      done(null, body),
    );
    scope.post(url, { onRequest: async () => route.configured(), schema: route.schema }, async (request, reply) =>
      handler(typeof request.body === 'string' ? request.body : '', request.headers, reply),
    );
  });
}

/**
 * The work an adapter does after its answer (the platform's calls): each failure logged and, with
 * `record`, the channel's last error on the admins' page; `serial` runs them one at a time, in order
 * (a message's updates). `settled` waits for all of them, and for those they start.
 */
export function workAfter(
  ctx: AppBase,
  what: string,
  {
    record,
    serial = false,
  }: { record?: { channel: ChatChannel; chat: Pick<ChatService, 'deliveryFailed'> }; serial?: boolean } = {},
) {
  const pending = new Set<Promise<void>>();
  let last: Promise<unknown> = Promise.resolve();
  const fail = async (error: unknown, step: string) => {
    ctx.log.warn({ err: error, what: step }, `${what} after the answer failed`);
    const said = `${step}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
    await record?.chat.deliveryFailed(record.channel, said).catch(() => undefined);
  };
  return {
    later: (step: string, work: () => Promise<unknown>): void => {
      const started = serial ? (last = last.then(work, work)) : work();
      const run = started
        .then(
          () => undefined,
          (error: unknown) => fail(error, step),
        )
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    settled: async (idle?: () => Promise<unknown>): Promise<void> => {
      do {
        await Promise.all(pending);
        await idle?.();
      } while (pending.size > 0);
    },
  };
}
