import { ErrorBodySchema } from '@cafe/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiDocsPolicy } from './security-headers';

/** A route's `security`: the bearer scheme this plugin declares. */
export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * For the routes under `tags`: the options of a signed-in route, which its `preHandler` (requireAuth,
 * requireRole) lets callers into, its schema naming the bearer scheme as its security.
 */
export function guardedRoutes(tags: string[]) {
  return <S extends FastifySchema>(preHandler: preHandlerAsyncHookHandler, schema: S) => ({
    preHandler,
    schema: { tags, security: bearerSecurity, ...schema },
  });
}

/** The body of a 204 answer. */
export const NoContentSchema = z.null().describe('No content');

type ErrorResponses<S extends number> = { [K in S]: typeof ErrorBodySchema };

/** The error shape under each status a route may answer with, for its `response` schema. */
export function errorResponses<S extends number>(...statuses: S[]): ErrorResponses<S>;
/** The same, with a line for the OpenAPI document saying when each status is answered. */
export function errorResponses<S extends number>(described: Record<S, string>): ErrorResponses<S>;
export function errorResponses(...args: (number | Record<number, string>)[]): Record<number, typeof ErrorBodySchema> {
  const entries = args.flatMap((arg): [string, typeof ErrorBodySchema][] =>
    typeof arg === 'number'
      ? [[String(arg), ErrorBodySchema]]
      : Object.entries(arg).map(([status, text]) => [status, describedErrorBody(text)]),
  );
  return Object.fromEntries(entries);
}

/**
 * The error body described by `text`, made once a process: the same schema object each time, so
 * its serializer is compiled once too (lib/serialization.ts), however often the routes are built.
 */
const describedErrorBodies = new Map<string, typeof ErrorBodySchema>();
function describedErrorBody(text: string): typeof ErrorBodySchema {
  let schema = describedErrorBodies.get(text);
  if (!schema) {
    schema = ErrorBodySchema.describe(text);
    describedErrorBodies.set(text, schema);
  }
  return schema;
}

/** OpenAPI built from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json. */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Office Cafe API',
          description: 'Drink ordering for the office cafe and bar. Errors: { statusCode, error, message, code }.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: apiDocsPolicy });
  },
  { name: 'openapi' },
);
