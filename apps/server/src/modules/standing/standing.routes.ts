import {
  DrinkChoiceSchema,
  IdParamsSchema,
  StandingOrderCreateBodySchema,
  StandingOrderPatchBodySchema,
  StandingOrderSchema,
  UsualSchema,
} from '@cafe/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth } from '../../plugins/auth';
import { bearerSecurity, errorResponses, NoContentSchema } from '../../plugins/openapi';
import type { StandingService } from './standing.service';

const tags = ['standing'];

/** The usual and standing orders (docs/standing-orders.md): each person's own, nobody else's. */
export const standingRoutes: FastifyPluginAsyncZod<{ standing: StandingService }> = async (app, { standing }) => {
  app.get(
    '/me/usual',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          "The caller's usual drink: the one they saved, else their most recent picked-up cafe drink; null when none",
        security: bearerSecurity,
        response: { 200: UsualSchema, ...errorResponses(401) },
      },
    },
    async (request) => standing.usualAnswer(currentUser(request).id),
  );

  app.put(
    '/me/usual',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Save the caller's usual drink (the web's favourite and Order again, Slack's /coffee)",
        description: 'The item must exist (400); a cafe drink needs its type and sweetness (400).',
        security: bearerSecurity,
        body: DrinkChoiceSchema,
        response: { 200: UsualSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => standing.setUsual(currentUser(request), request.body),
  );

  app.delete(
    '/me/usual',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Forget the caller's saved usual: their most recent picked-up cafe drink stands for it again",
        security: bearerSecurity,
        response: { 200: UsualSchema, ...errorResponses(401) },
      },
    },
    async (request) => standing.clearUsual(currentUser(request)),
  );

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
          "(404, 409 SITE_ARCHIVED); `time` is on the site's clock. Each day it becomes an order for later through the " +
          "placement's own rules (docs/standing-orders.md).",
        security: bearerSecurity,
        body: StandingOrderCreateBodySchema,
        response: { 201: StandingOrderSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await standing.create(currentUser(request), request.body)),
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
