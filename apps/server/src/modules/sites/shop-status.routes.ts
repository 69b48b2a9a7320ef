import { CafeStatusSchema, ShopValueSchema, SiteQuerySchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedAnswer } from '../../lib/cached-answer';
import { currentUser, requireRole } from '../../plugins/auth';
import { errorResponses, guardedRoutes } from '../../plugins/openapi';
import type { ShopStatusService } from './shop-status.service';
import type { SitesService } from './sites.service';

const guarded = guardedRoutes(['shop-status']);

const ShopValueParamsSchema = z.object({ value: ShopValueSchema });

export const shopStatusRoutes: FastifyPluginAsyncZod<{ shopStatus: ShopStatusService; sites: SitesService }> = async (
  app,
  { shopStatus, sites },
) => {
  app.get(
    '/cafe-status',
    {
      schema: {
        tags: ['shop-status'],
        summary: "Whether the cafe and the bar are open at a site (siteId) or at the caller's own site",
        description:
          'Without siteId: the home site of the signed-in caller, else the first site. Cache-Control: no-cache ' +
          'with an ETag: If-None-Match answers 304 while nothing changed.',
        querystring: SiteQuerySchema,
        response: { 200: CafeStatusSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const site = await sites.forReading(request.authUser, request.query.siteId);
      return sendCachedAnswer(request, reply, await shopStatus.answer(site.id));
    },
  );

  app.patch(
    '/cafe-status/:value',
    guarded(requireRole('barista', 'admin'), {
      summary:
        'Open the cafe, open the bar, or close both (all-close means close-both) at a site; emits cafe-status to its people',
      description: "Without siteId: the barista's own site. A barista of another site gets 403.",
      params: ShopValueParamsSchema,
      querystring: SiteQuerySchema,
      response: { 200: CafeStatusSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      const user = currentUser(request);
      const site = await sites.forStaff(user, request.query.siteId);
      return shopStatus.set(site.id, request.params.value, user.id);
    },
  );
};
