import { OrderingStatusPatchSchema, OrderingStatusSchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../plugins/openapi';

const TAGS = ['shop-status'];

export const busyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.ctx.services.busy;

  app.get(
    '/ordering-status',
    {
      schema: {
        tags: TAGS,
        summary: 'Busy mode: whether new online cafe orders are paused now, why, and the limits that pause them',
        response: { 200: OrderingStatusSchema },
      },
    },
    async () => service.status(),
  );

  app.patch(
    '/ordering-status',
    {
      preHandler: requireRole('barista', 'admin'),
      schema: {
        tags: TAGS,
        summary: 'Pause or resume new online cafe orders by hand, or set the queue and wait limits (null: none)',
        description: 'Emits `ordering-status`.',
        security: bearerSecurity,
        body: OrderingStatusPatchSchema,
        response: { 200: OrderingStatusSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.update(currentUser(request), request.body),
  );
};
