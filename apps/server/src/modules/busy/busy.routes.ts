import { OrderingStatusPatchSchema, OrderingStatusSchema, SiteQuerySchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../plugins/openapi';
import type { BusyService } from './busy.service';
import type { SitesService } from '../sites/sites.service';

const TAGS = ['shop-status'];

export const busyRoutes: FastifyPluginAsyncZod<{ busy: BusyService; sites: SitesService }> = async (
  app,
  { busy, sites },
) => {
  const service = busy;

  app.get(
    '/ordering-status',
    {
      schema: {
        tags: TAGS,
        summary:
          "Busy mode of a site (siteId, or the caller's own): whether new online cafe orders are paused now, why, and the limits that pause them",
        querystring: SiteQuerySchema,
        response: { 200: OrderingStatusSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.status((await sites.forReading(request.authUser, request.query.siteId)).id),
  );

  app.patch(
    '/ordering-status',
    {
      preHandler: requireRole('barista', 'admin'),
      schema: {
        tags: TAGS,
        summary:
          "Pause or resume new online cafe orders at a site (siteId, or the barista's own) by hand, or set the queue and wait limits (null: none)",
        description: 'Emits `ordering-status` to the people of the site. A barista of another site gets 403.',
        security: bearerSecurity,
        querystring: SiteQuerySchema,
        body: OrderingStatusPatchSchema,
        response: { 200: OrderingStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const site = await sites.forStaff(user, request.query.siteId);
      return service.update(user, site.id, request.body);
    },
  );
};
