import {
  peopleText,
  NearestSiteQuerySchema,
  SiteBaristaSchema,
  SiteBaristasBodySchema,
  SiteCreateBodySchema,
  SiteListQuerySchema,
  SiteParamsSchema,
  SitePatchBodySchema,
  SiteSchema,
} from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors';
import { currentUser, requireRole } from '../../plugins/auth';
import { errorResponses, guardedRoutes } from '../../plugins/openapi';
import type { SitesService } from './sites.service';

const tags = ['sites'];
const guarded = guardedRoutes(tags);

export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService }> = async (app, { sites }) => {
  const admin = requireRole('admin');

  app.get(
    '/sites',
    {
      schema: {
        tags,
        summary: 'The sites (cafes and bars) of the company, by id; archived ones only for admins who ask',
        querystring: SiteListQuerySchema,
        response: { 200: z.array(SiteSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const includeArchived = request.query.archived === 'include';
      if (includeArchived && request.authUser?.role !== 'admin') {
        throw forbidden('Only admins list archived sites.', peopleText('people.sites.archivedAdminsOnly'));
      }
      return sites.list({ includeArchived });
    },
  );

  app.get(
    '/sites/nearest',
    {
      schema: {
        tags,
        summary: 'The site whose order radius holds a position (the nearest of several), to suggest a home site',
        querystring: NearestSiteQuerySchema,
        response: { 200: SiteSchema.nullable(), ...errorResponses(400) },
      },
    },
    async (request) => sites.nearest(request.query),
  );

  app.get(
    '/sites/:siteId',
    {
      schema: {
        tags,
        summary: 'One site',
        params: SiteParamsSchema,
        response: { 200: SiteSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => sites.find(request.params.siteId),
  );

  app.post(
    '/sites',
    guarded(admin, {
      summary: 'Add a site: closed, with the default opening hours of the venues it runs',
      body: SiteCreateBodySchema,
      response: { 201: SiteSchema, ...errorResponses(400, 401, 403, 409) },
    }),
    async (request, reply) => reply.status(201).send(await sites.create(currentUser(request), request.body)),
  );

  app.patch(
    '/sites/:siteId',
    guarded(admin, {
      summary: 'Change a site: name, position, radius, time zone, venues. Emits `site`',
      params: SiteParamsSchema,
      body: SitePatchBodySchema,
      response: { 200: SiteSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => sites.update(currentUser(request), request.params.siteId, request.body),
  );

  app.post(
    '/sites/:siteId/archive',
    guarded(admin, {
      summary: 'Archive a site: it takes no more orders (409 SITE_HAS_OPEN_ORDERS while orders wait there)',
      params: SiteParamsSchema,
      response: { 200: SiteSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => sites.archive(currentUser(request), request.params.siteId),
  );

  app.get(
    '/sites/:siteId/baristas',
    guarded(requireRole('barista', 'admin'), {
      summary: 'The baristas of a site',
      params: SiteParamsSchema,
      response: { 200: z.array(SiteBaristaSchema), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => sites.baristas(request.params.siteId),
  );

  app.put(
    '/sites/:siteId/baristas',
    guarded(admin, {
      summary: 'The baristas of a site become exactly these (each must have the barista role)',
      params: SiteParamsSchema,
      body: SiteBaristasBodySchema,
      response: { 200: z.array(SiteBaristaSchema), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => sites.setBaristas(currentUser(request), request.params.siteId, request.body.userIds),
  );
};
