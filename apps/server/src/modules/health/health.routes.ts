import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../../plugins/error-handler';

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
    { schema: { tags: ['health'], summary: 'Database answers (200) or not (503)' } },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.ctx.db);
        return { status: 'ready' };
      } catch {
        return sendError(reply, 503, 'INTERNAL', 'The database is not answering.');
      }
    },
  );
};
