import {
  CategoryCreateBodySchema,
  CategoryPatchBodySchema,
  CategoryQuerySchema,
  CategorySchema,
  IdParamsSchema,
  MenuCreateBodySchema,
  MenuPatchBodySchema,
  MenuAtSiteSchema,
  MenuSchema,
  SiteMenuParamsSchema,
  SiteMenuPatchBodySchema,
  SiteParamsSchema,
} from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedAnswer } from '../../lib/cached-answer';
import { currentUser, requireRole } from '../../plugins/auth';
import { errorResponses, guardedRoutes } from '../../plugins/openapi';
import type { MenuService } from './menu.service';
import type { SitesService } from '../sites/sites.service';

const tags = ['menu'];
const guarded = guardedRoutes(tags);

/** Error answers of the management routes, for the OpenAPI document. */
const writeErrors = errorResponses({
  400: 'VALIDATION: the message names the field',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN: only baristas manage the menu',
  404: 'NOT_FOUND',
});
/** Error answers of the reading routes. */
const readErrors = { 400: writeErrors[400], 404: writeErrors[404] };

export const menuRoutes: FastifyPluginAsyncZod<{ menu: MenuService; sites: SitesService }> = async (
  app,
  { menu, sites },
) => {
  const barista = requireRole('barista');

  // ---------- reading (public) ----------

  app.get(
    '/category',
    {
      schema: {
        tags,
        summary: 'Available categories with their available items',
        description:
          'Categories ordered by their position, then id; each lists its available items (active and inactive) by id, ' +
          "each with `atSite`: whether the site (siteId, or the caller's own) serves it and whether it is sold out there. " +
          'Cache-Control: no-cache with an ETag: If-None-Match answers 304 while the menu is unchanged.',
        querystring: CategoryQuerySchema,
        response: { 200: z.array(CategorySchema), ...readErrors },
      },
    },
    async (request, reply) => {
      const site = await sites.forReading(request.authUser, request.query.siteId);
      return sendCachedAnswer(request, reply, await menu.categoriesAnswer(request.query.categoryFor, site.id));
    },
  );

  app.get(
    '/category/:id',
    {
      schema: {
        tags,
        summary: 'One available category with its available items',
        params: IdParamsSchema,
        response: { 200: CategorySchema, ...readErrors },
      },
    },
    async (request) => menu.getCategory(request.params.id),
  );

  app.get(
    '/menu/:id',
    {
      schema: {
        tags,
        summary: 'One available menu item',
        description: 'A deleted item, or an item of a deleted category, answers 404.',
        params: IdParamsSchema,
        response: { 200: MenuSchema, ...readErrors },
      },
    },
    async (request) => menu.getMenu(request.params.id),
  );

  app.get(
    '/sites/:siteId/menu-items',
    {
      schema: {
        tags,
        summary: 'Every item of the catalogue at a site: served there or not, sold out there or not (and until when)',
        params: SiteParamsSchema,
        response: { 200: z.array(MenuAtSiteSchema.extend({ menuId: z.number().int() })), ...readErrors },
      },
    },
    async (request) => {
      const site = await sites.get(request.params.siteId);
      return menu.atSite(site.id);
    },
  );

  app.patch(
    '/sites/:siteId/menu-items/:menuId',
    guarded(requireRole('barista', 'admin'), {
      summary:
        'Whether a site serves an item, and whether it is sold out there (until when); emits `menu` to its people',
      description: 'A barista of another site gets 403.',
      params: SiteMenuParamsSchema,
      body: SiteMenuPatchBodySchema,
      response: { 200: MenuAtSiteSchema, ...writeErrors, ...errorResponses(409) },
    }),
    async (request) => {
      const user = currentUser(request);
      const site = await sites.forStaff(user, request.params.siteId);
      return menu.setAtSite(user, site.id, request.params.menuId, request.body);
    },
  );

  // ---------- management (barista) ----------

  app.post(
    '/category',
    guarded(barista, {
      summary: 'Create a category',
      body: CategoryCreateBodySchema,
      response: { 201: CategorySchema, ...writeErrors },
    }),
    async (request, reply) => reply.status(201).send(await menu.createCategory(currentUser(request), request.body)),
  );

  app.patch(
    '/category/:id',
    guarded(barista, {
      summary: 'Edit a category',
      description: 'isAvailable "available" restores a deleted category; "unavailable" deletes it.',
      params: IdParamsSchema,
      body: CategoryPatchBodySchema,
      response: { 200: CategorySchema, ...writeErrors },
    }),
    async (request) => menu.updateCategory(currentUser(request), request.params.id, request.body),
  );

  // No body is expected here; clients that still send a JSON content type with an empty body
  // are accepted, so a parser that tolerates emptiness serves this one route.
  const deleteCategoryRoute: FastifyPluginAsyncZod = async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch (error) {
        done(error instanceof Error ? error : new SyntaxError('invalid JSON'), undefined);
      }
    });
    scope.patch(
      '/category/:id/unavailable',
      guarded(barista, {
        summary: 'Delete a category (soft)',
        description:
          'Sets isAvailable "unavailable" and answers the category in that state. Its items disappear from menus with it; past orders keep them.',
        params: IdParamsSchema,
        response: { 200: CategorySchema, ...writeErrors },
      }),
      async (request) => menu.deleteCategory(currentUser(request), request.params.id),
    );
  };
  await app.register(deleteCategoryRoute);

  app.post(
    '/menu',
    guarded(barista, {
      summary: 'Create a menu item',
      description:
        'The item starts active and available; an empty or missing description is stored as "-". The category must be available.',
      body: MenuCreateBodySchema,
      response: { 201: MenuSchema, ...writeErrors },
    }),
    async (request, reply) => reply.status(201).send(await menu.createMenu(currentUser(request), request.body)),
  );

  app.patch(
    '/menu/:id',
    guarded(barista, {
      summary: 'Edit, move, (de)activate or delete a menu item',
      description:
        'category_id moves the item (the target must be available); isAvailable "unavailable" deletes it (soft).',
      params: IdParamsSchema,
      body: MenuPatchBodySchema,
      response: { 200: MenuSchema, ...writeErrors },
    }),
    async (request) => menu.updateMenu(currentUser(request), request.params.id, request.body),
  );
};
