import {
  IdParamsSchema,
  OrderCreateHeadersSchema,
  StandingOrderCreateBodySchema,
  StandingOrderPatchBodySchema,
  StandingOrderSchema,
} from '@cafe/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth } from '../../plugins/auth';
import { bearerSecurity, errorResponses, NoContentSchema } from '../../plugins/openapi';
import type { StandingService } from './standing.service';

const tags = ['standing'];

/** Standing orders (docs/standing-orders.md): each person's own, nobody else's. */
export const standingRoutes: FastifyPluginAsyncZod<{ standing: StandingService }> = async (app, { standing }) => {
  app.get(
    '/standing-orders',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The caller's standing orders (the running ones), each with its next day and last outcome",
        security: bearerSecurity,
        response: { 200: z.array(StandingOrderSchema), ...errorResponses(401) },
      },
    },
    async (request) => standing.list(currentUser(request).id),
  );

  app.post(
    '/standing-orders',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Set a standing order: my usual (or this drink), at this site, on these weekdays, at this time',
        description:
          'Without `drink`, the usual of the day (400 when the caller has none). The site must exist and not be archived ' +
          "(404, 409 SITE_ARCHIVED); `time` is on the site's clock and must start one of the site's pickup slots on " +
          'each chosen day, which the venue must serve (400 saying what to choose instead). A drink containing what ' +
          'the caller avoids needs `dietConfirmed: true` (409 DIET_CONFIRMATION_NEEDED). Each day it becomes an order ' +
          "for later through the placement's own rules (docs/standing-orders.md). The same body again, or the same " +
          'Idempotency-Key, answers the standing order already made (200), not a second one.',
        security: bearerSecurity,
        headers: OrderCreateHeadersSchema,
        body: StandingOrderCreateBodySchema,
        response: { 200: StandingOrderSchema, 201: StandingOrderSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { standing: made, created } = await standing.create(currentUser(request), request.body, key);
      return reply.status(created ? 201 : 200).send(made);
    },
  );

  app.patch(
    '/standing-orders/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Pause or resume a standing order, skip its next day (or not), or change its drink, days or time',
        description: "Its owner's only (403 for anyone else's; 404 for one that does not exist or ended).",
        security: bearerSecurity,
        params: IdParamsSchema,
        body: StandingOrderPatchBodySchema,
        response: { 200: StandingOrderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => standing.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/standing-orders/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'End a standing order (its owner); orders it already placed stay',
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await standing.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
