import type { ErrorBody, ErrorCode } from '@cafe/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendError(reply: FastifyReply, statusCode: number, code: ErrorCode, message: string) {
  const body: ErrorBody = { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, code };
  return reply.status(statusCode).type('application/json').send(body);
}

function fieldName(instancePath: string | undefined, context: string): string {
  const joined = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return joined || context;
}

/** Every error leaves in API.md's shape; details of 5xx stay in the log. */
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
      if (status === 429) return sendError(reply, 429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.');
      if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', 'File must be smaller than 5 MB');
      }
      if (status === 415) return sendError(reply, 415, 'UNSUPPORTED_MEDIA', 'This content type is not accepted here.');
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return sendError(reply, 400, 'VALIDATION', 'body: is not valid JSON');
      }
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return sendError(reply, 400, 'VALIDATION', 'body: must not be empty');
      if (status >= 400 && status < 500) {
        return sendError(reply, status, status === 404 ? 'NOT_FOUND' : 'VALIDATION', error.message);
      }
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
      return sendError(reply, 404, 'NOT_FOUND', `No route ${request.method} ${url}.`);
    });
  },
  { name: 'error-handler' },
);
