import { CafeStatusSchema, ShopValueSchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedAnswer } from '../../lib/cached-answer';
import { currentUser, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../plugins/openapi';

const ShopValueParamsSchema = z.object({ value: ShopValueSchema });

export const shopStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.ctx.services.shopStatus;

  app.get(
    '/cafe-status',
    {
      schema: {
        tags: ['shop-status'],
        summary: 'Whether the cafe and the bar are open',
        description: 'Cache-Control: no-cache with an ETag: If-None-Match answers 304 while nothing changed.',
        response: { 200: CafeStatusSchema },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await service.answer()),
  );

  app.patch(
    '/cafe-status/:value',
    {
      preHandler: requireRole('barista', 'admin'),
      schema: {
        tags: ['shop-status'],
        summary: 'Open the cafe, open the bar, or close both (all-close means close-both); emits cafe-status',
        security: bearerSecurity,
        params: ShopValueParamsSchema,
        response: { 200: CafeStatusSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.set(request.params.value, currentUser(request).id),
  );
};
