import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../../plugins/error-handler';
import { errorResponses } from '../../plugins/openapi';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Process is alive',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Database answers (200) or not (503)',
        response: {
          200: z.object({ status: z.literal('ready') }),
          ...errorResponses({ 503: 'INTERNAL: the database is not answering' }),
        },
      },
    },
    async (_request, reply) => {
      if (await app.ctx.services.health.databaseAnswers()) return { status: 'ready' as const };
      return sendError(reply, 503, 'INTERNAL', 'The database is not answering.');
    },
  );
};
