import { STATUS_CODES } from 'node:http';
import { MESSAGES, type ErrorBody, type ErrorCode } from '@cafe/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

export function sendError(reply: FastifyReply, statusCode: number, code: ErrorCode, message: string) {
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code };
  return reply.status(statusCode).type('application/json').send(body);
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
      if (error instanceof AppError) return sendError(reply, error.statusCode, error.code, error.message);

      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const context = error.validationContext ?? 'body';
        const field = fieldName(first?.instancePath, context);
        const message = first?.message ?? 'is invalid';
        return sendError(reply, 400, 'VALIDATION', `${field}: ${message}`);
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
        return sendError(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
      }

      const status = error.statusCode ?? 500;
      if (status === 429)
        return sendError(reply, 429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.');
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', MESSAGES.uploadTooLarge);
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
        // The body limit (8 MB) is there for photos sent as data URLs; nothing else comes near it.
        return sendError(
          reply,
          413,
          'PAYLOAD_TOO_LARGE',
          'The request is too large. A photo must be smaller than 5 MB.',
        );
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
