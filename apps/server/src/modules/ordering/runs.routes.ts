import { IdParamsSchema, RunCreateBodySchema, RunListQuerySchema, RunSchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../plugins/openapi';
import type { OrderingService } from './ordering.service';

const tags = ['runs'];

/**
 * The coffee run (docs/api/runs.md): one colleague starts it, others add their drinks through
 * POST /order with its `runId`, and the runner closes and collects it. The barista's group move is
 * with the orders' routes (PATCH /order/barista/run/{id}).
 */
export const runsRoutes: FastifyPluginAsyncZod<{ ordering: OrderingService }> = async (app, { ordering }) => {
  const { runs } = ordering;

  app.post(
    '/runs',
    {
      preHandler: requireRole('user', 'admin'),
      schema: {
        tags,
        summary: 'Start a coffee run at a site (the home site without siteId) for one of its cafe pickup slots',
        description:
          'The runner may order at the site, and the site has a cafe (409 RUN_CAFE_ONLY); pickupAt is a cafe slot of ' +
          'GET /sites/{siteId}/slots (400 saying why not); closesAt is after now and no later than pickupAt ' +
          '(400 RUN_TIMES); one open run per runner per site (409 RUN_OPEN_ALREADY).',
        security: bearerSecurity,
        body: RunCreateBodySchema,
        response: { 201: RunSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await runs.start(currentUser(request), request.body)),
  );

  app.get(
    '/runs',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A site's open coffee runs (the caller's home site without siteId), the soonest pickup first",
        security: bearerSecurity,
        querystring: RunListQuerySchema,
        response: { 200: z.array(RunSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => runs.listOpen(currentUser(request), request.query.siteId),
  );

  app.get(
    '/runs/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One coffee run with its drinks (any signed-in person: its link is shared)',
        description:
          'state: open while nobody closed it and closesAt has not come; closed (by its runner or the cafe, by its ' +
          'time, or once every drink was collected); dropped (closed without a drink). over: closed with nothing ' +
          'left to do. A drink is worded from menu, type, sweetness and options (drink: English, for older clients).',
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: RunSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => runs.get(request.params.id),
  );

  app.post(
    '/runs/:id/close',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Close a coffee run now: its runner, or a barista of its site or an admin',
        description:
          'No drink is added after it (a join racing it came first or gets 409 RUN_CLOSED); closing it again ' +
          'changes nothing. Closed without a drink it is dropped.',
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: RunSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => runs.close(currentUser(request), request.params.id),
  );

  app.post(
    '/runs/:id/collect',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The runner takes every finished (done) drink of the run: each becomes picked',
        description:
          'Each drink moves as its owner’s pick-up would (emits `orders`, and `run` to its people). Only the runner ' +
          '(403). Once every drink is collected the run is over: closed (nobody joins it after) with `over: true`.',
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: RunSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => runs.collect(currentUser(request), request.params.id),
  );
};
