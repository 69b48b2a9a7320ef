import {
  IdParamsSchema,
  ItemOptionGroupsBodySchema,
  MenuOptionChoiceSchema,
  OptionGroupBodySchema,
  OptionGroupSchema,
  SiteChoiceParamsSchema,
  SiteChoicePatchBodySchema,
} from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../plugins/auth';
import { errorResponses, guardedRoutes, NoContentSchema } from '../../plugins/openapi';
import type { OptionsService } from './options.service';
import type { SitesService } from '../sites/sites.service';

const tags = ['options'];
const guarded = guardedRoutes(tags);

const writeErrors = errorResponses({
  400: 'VALIDATION: the message names the field',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN: only baristas and admins manage options',
  404: 'NOT_FOUND',
});

/** Drink options (docs/api.md, "Drink options"). */
export const optionsRoutes: FastifyPluginAsyncZod<{ options: OptionsService; sites: SitesService }> = async (
  app,
  { options, sites },
) => {
  const staff = requireRole('barista', 'admin');

  app.get(
    '/option-groups',
    guarded(staff, {
      summary: 'Every option group offered, with its choices in order',
      response: { 200: z.array(OptionGroupSchema), ...errorResponses(401, 403) },
    }),
    async () => options.list(),
  );

  app.post(
    '/option-groups',
    guarded(staff, {
      summary: 'Create an option group; emits `menu` (kind option-group)',
      body: OptionGroupBodySchema,
      response: { 201: OptionGroupSchema, ...writeErrors },
    }),
    async (request, reply) => reply.status(201).send(await options.create(currentUser(request), request.body)),
  );

  app.put(
    '/option-groups/:id',
    guarded(staff, {
      summary: 'Replace an option group; choices left out are retired (orders keep their names)',
      params: IdParamsSchema,
      body: OptionGroupBodySchema,
      response: { 200: OptionGroupSchema, ...writeErrors },
    }),
    async (request) => options.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/option-groups/:id',
    guarded(staff, {
      summary: 'Retire an option group and take it off every item',
      params: IdParamsSchema,
      response: { 204: NoContentSchema, ...writeErrors },
    }),
    async (request, reply) => {
      await options.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/menu/:id/options',
    guarded(staff, {
      summary: "An item's option groups in order, with the item's own minimum, maximum and defaults",
      params: IdParamsSchema,
      response: { 200: ItemOptionGroupsBodySchema, ...writeErrors },
    }),
    async (request) => options.forItem(request.params.id),
  );

  app.put(
    '/menu/:id/options',
    guarded(staff, {
      summary: "Set an item's option groups (exactly these, in this order); emits `menu`",
      params: IdParamsSchema,
      body: ItemOptionGroupsBodySchema,
      response: { 200: ItemOptionGroupsBodySchema, ...writeErrors },
    }),
    async (request) => options.setForItem(currentUser(request), request.params.id, request.body),
  );

  app.patch(
    '/sites/:siteId/option-choices/:choiceId',
    guarded(staff, {
      summary: 'Whether a choice is sold out at a site (until when); emits `menu` (kind option-group) to its people',
      description: 'A barista of another site gets 403.',
      params: SiteChoiceParamsSchema,
      body: SiteChoicePatchBodySchema,
      response: { 200: MenuOptionChoiceSchema, ...writeErrors, ...errorResponses(409) },
    }),
    async (request) => {
      const user = currentUser(request);
      const site = await sites.forStaff(user, request.params.siteId);
      return options.setAtSite(user, site.id, request.params.choiceId, request.body);
    },
  );
};
