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
import { bearerSecurity, errorResponses } from '../../plugins/openapi';
import type { SitesService } from './sites.service';

const tags = ['sites'];

export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService }> = async (app, { sites }) => {
  const service = sites;
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
      return service.list({ includeArchived });
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
    async (request) => service.nearest(request.query),
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
    async (request) => service.find(request.params.siteId),
  );

  app.post(
    '/sites',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Add a site: closed, with the default opening hours of the venues it runs',
        security: bearerSecurity,
        body: SiteCreateBodySchema,
        response: { 201: SiteSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  app.patch(
    '/sites/:siteId',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Change a site: name, position, radius, time zone, venues. Emits `site`',
        security: bearerSecurity,
        params: SiteParamsSchema,
        body: SitePatchBodySchema,
        response: { 200: SiteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(currentUser(request), request.params.siteId, request.body),
  );

  app.post(
    '/sites/:siteId/archive',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Archive a site: it takes no more orders (409 SITE_HAS_OPEN_ORDERS while orders wait there)',
        security: bearerSecurity,
        params: SiteParamsSchema,
        response: { 200: SiteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.archive(currentUser(request), request.params.siteId),
  );

  app.get(
    '/sites/:siteId/baristas',
    {
      preHandler: requireRole('barista', 'admin'),
      schema: {
        tags,
        summary: 'The baristas of a site',
        security: bearerSecurity,
        params: SiteParamsSchema,
        response: { 200: z.array(SiteBaristaSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.baristas(request.params.siteId),
  );

  app.put(
    '/sites/:siteId/baristas',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'The baristas of a site become exactly these (each must have the barista role)',
        security: bearerSecurity,
        params: SiteParamsSchema,
        body: SiteBaristasBodySchema,
        response: { 200: z.array(SiteBaristaSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.setBaristas(currentUser(request), request.params.siteId, request.body.userIds),
  );
};
