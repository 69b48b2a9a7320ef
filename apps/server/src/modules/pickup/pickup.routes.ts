import {
  PickupSettingsPatchSchema,
  PickupSettingsSchema,
  SiteParamsSchema,
  SlotListSchema,
  SlotsQuerySchema,
} from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../plugins/openapi';
import type { PickupService } from './pickup.service';
import type { SitesService } from '../sites/sites.service';

const tags = ['pickup'];

/** Orders for later (docs/api.md, "Orders for later"): a site's pickup settings and slots. */
export const pickupRoutes: FastifyPluginAsyncZod<{ pickup: PickupService; sites: SitesService }> = async (
  app,
  { pickup, sites },
) => {
  app.get(
    '/sites/:siteId/pickup',
    {
      schema: {
        tags,
        summary: "A site's pickup settings: slot length, lead time, days ahead, drinks per slot",
        params: SiteParamsSchema,
        response: { 200: PickupSettingsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => pickup.settings(request.params.siteId),
  );

  app.put(
    '/sites/:siteId/pickup',
    {
      preHandler: requireRole('barista', 'admin'),
      schema: {
        tags,
        summary: "Change a site's pickup settings (any of them)",
        description: 'A barista of another site gets 403.',
        security: bearerSecurity,
        params: SiteParamsSchema,
        body: PickupSettingsPatchSchema,
        response: { 200: PickupSettingsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const site = await sites.forStaff(user, request.params.siteId);
      return pickup.setSettings(user, site.id, request.body);
    },
  );

  app.get(
    '/sites/:siteId/slots',
    {
      schema: {
        tags,
        summary: 'The pickup slots a person may order for now, with the drinks each can still take',
        description:
          "In the site's time zone: from each opening period's start every slot length until closing, at least the " +
          'lead time from now, up to the days ahead the site allows; full slots are left out.',
        params: SiteParamsSchema,
        querystring: SlotsQuerySchema,
        response: { 200: SlotListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => pickup.slots(request.params.siteId, request.query.venue ?? 'cafe', request.query.day),
  );
};
