import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendUnavailable } from '../../plugins/error-handler';
import { errorResponses } from '../../plugins/openapi';
import { isDraining } from '../../lib/lifecycle';
import type { HealthService } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
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
    async (request, reply) => {
      // Shutting down: still finishing its requests, but no new work should come here.
      if (isDraining(app.server)) return sendUnavailable(reply, 'This server process is shutting down.');
      if (await health.databaseAnswers()) return { status: 'ready' as const };
      request.log.warn('ready check: the database is not answering');
      return sendUnavailable(reply, 'The database is not answering. Please try again shortly.');
    },
  );
};
