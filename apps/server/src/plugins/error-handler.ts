import { MESSAGES, peopleText, ruleMessageText, type ErrorCode, type PeopleText } from '@cafe/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectFailure } from '../db/errors';
import { AppError, errorBodyOf } from '../lib/errors';
import { inEnglish } from '../lib/people-texts';

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  /** The people catalogue's message it is (a client in another language words it from this). */
  text?: PeopleText,
) {
  return reply
    .status(statusCode)
    .type('application/json')
    .send(errorBodyOf(statusCode, code, message, text));
}

/** Seconds a client is asked to wait (Retry-After) before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

const MESSAGE_DATABASE_AWAY =
  'The service is briefly unavailable (its database cannot be reached). Please try again shortly.';

/** What a person reads while the service cannot do its work (a 503: "try again", not "something broke"). */
const SERVICE_AWAY = peopleText('people.error.unavailable');

/** 503 with Retry-After: the service is there, but cannot do its work right now. */
export function sendUnavailable(reply: FastifyReply, message = MESSAGE_DATABASE_AWAY) {
  void reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return sendError(reply, 503, 'INTERNAL', message, SERVICE_AWAY);
}

/** Any body past its route's limit but a photo's (which says "File must be smaller than 5 MB"). */
const REQUEST_TOO_LARGE = peopleText('people.request.tooLarge');

/** Socket-level failures of reaching the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that mean "not now" rather than "wrong", whenever they come: the server
 * shutting down or starting (57P01-57P03), a session ended because its database was dropped on the
 * primary (57P04, a standby's recovery conflict) or for idling (57P05, idle_session_timeout), too
 * many connections (53300), a statement or lock wait cut short by our own timeouts (57014, 55P03),
 * a session ended for idling in a transaction (25P03).
 */
const PG_UNAVAILABLE_STATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  '57P05',
  '53300',
  '57014',
  '55P03',
  '25P03',
]);

/**
 * SQLSTATEs with which PostgreSQL refuses to open a connection: "not now" only when opening one
 * raised them (db/errors.ts isConnectFailure, marked by the pool Kysely uses), since a statement on
 * an open connection raises the same codes for a fault of ours, which stays a 500. Told apart by
 * where they come from, not by their words or severity, which the server's lc_messages translates.
 * - 55000 "database ... is not currently accepting connections" (ALTER DATABASE ... WITH
 *   ALLOW_CONNECTIONS false, for maintenance); on a statement, object_not_in_prerequisite_state is
 *   e.g. currval before nextval.
 * - 3D000 the database does not exist (dropped, or renamed while a backup is restored).
 * - 42501 no CONNECT privilege on the database (REVOKE CONNECT, the other way to close it for
 *   maintenance); on a statement, a grant we lack.
 * - 28000 / 28P01 the role may not log in now, or its password is not the one we have (a rotation
 *   half done): raised only when connecting anyway.
 */
const PG_REFUSED_CONNECTION_STATES = new Set(['55000', '3D000', '42501', '28000', '28P01']);

/** What node-postgres and pg-pool say when a connection breaks, cannot be made in time or hangs. */
const PG_UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable)/;

/** SQLite result codes (and their extended codes) of a database that cannot do its work right now. */
const SQLITE_UNAVAILABLE_CODES = ['SQLITE_BUSY', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_CANTOPEN'];

/** better-sqlite3 once its handle has been closed (the process is shutting down). */
const SQLITE_CLOSED_MESSAGE = /^The database connection is not open/;

function unavailableCause(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE_STATES.has(code)) return true;
    if (PG_REFUSED_CONNECTION_STATES.has(code) && isConnectFailure(error)) return true;
    // Class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    // SQLite: another connection holds the write lock for longer than busy_timeout; the disk fails,
    // is full, or the file cannot be opened (decision 0082: "not now", not a bug of the request).
    if (SQLITE_UNAVAILABLE_CODES.some((prefix) => code === prefix || code.startsWith(`${prefix}_`))) return true;
  }
  if (typeof message === 'string' && (PG_UNAVAILABLE_MESSAGE.test(message) || SQLITE_CLOSED_MESSAGE.test(message)))
    return true;
  // A failed connect to a name with several addresses gives an AggregateError of each attempt.
  if (Array.isArray(errors) && errors.some((e) => unavailableCause(e, depth + 1))) return true;
  return unavailableCause(cause, depth + 1);
}

/**
 * Whether an error means the database cannot be reached or is too busy right now (it went away,
 * restarts, refuses new connections, the network to it is cut, a timeout of ours ran out): answered
 * 503 with Retry-After, not 500, since the same request may well succeed a moment later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCause(error);
}

/** The code docs/api.md gives a client error of this status that no rule of ours raised. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'VALIDATION';
  }
}

/** A request's path for a message: without its query, and cut short when someone sends a novel. */
function shownPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  return path.length > 80 ? `${path.slice(0, 80)}...` : path;
}

/**
 * Errors the router raises before any route or hook runs (a path that is not valid percent-encoding,
 * a path segment over the router's length limit). Fastify would answer them in its own shape;
 * they are the path failing its schema, so they get docs/api.md's 400.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void sendError(
      reply,
      400,
      'VALIDATION',
      `path: ${shownPath(request.url)} is not a valid address (bad %-encoding).`,
    );
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(reply, 400, 'VALIDATION', 'path: a part of the address is too long.');
  } else {
    request.log.error({ err: error }, 'router error');
    void sendError(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  }
}

function fieldName(instancePath: string | undefined, context: string): string {
  const joined = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return joined || context;
}

/** Every error leaves in docs/api.md's shape; details of 5xx stay in the log. */
export const errorHandlerPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return sendError(reply, error.statusCode, error.code, error.message, error.text);

      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const context = error.validationContext ?? 'body';
        const field = fieldName(first?.instancePath, context);
        const message = first?.message ?? 'is invalid';
        // A rule a person may read (a chat's link cut short) names its people message too.
        return sendError(reply, 400, 'VALIDATION', `${field}: ${message}`, ruleMessageText(message));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
        return sendError(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
      }

      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return sendUnavailable(reply);
      }

      const status = error.statusCode ?? 500;
      if (status === 429)
        return sendError(reply, 429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.');
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', MESSAGES.uploadTooLarge);
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
        // A body past its route's limit (64 kB, a chat platform's own): the photo upload words its
        // own (uploads.routes.ts), so none of these speaks of photos.
        return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', inEnglish(REQUEST_TOO_LARGE), REQUEST_TOO_LARGE);
      }
      if (status === 415) return sendError(reply, 415, 'UNSUPPORTED_MEDIA', 'This content type is not accepted here.');
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return sendError(reply, 400, 'VALIDATION', 'body: is not valid JSON');
      }
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
        return sendError(reply, 400, 'VALIDATION', 'body: must not be empty');
      if (status >= 400 && status < 500) return sendError(reply, status, codeForStatus(status), error.message);
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    });

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isPage = request.method === 'GET' && !url.startsWith('/api') && !/\.[a-z0-9]+$/i.test(url);
      // The web app's own routes: hand out index.html when the web app is being served.
      if (isPage && app.hasReplyDecorator('sendFile')) {
        return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
      }
      return sendError(reply, 404, 'NOT_FOUND', `No route ${request.method} ${shownPath(url)}.`);
    });
  },
  { name: 'error-handler' },
);
