import {
  DrinkChoiceSchema,
  MenuVerdictsQuerySchema,
  MenuVerdictsSchema,
  OrderCreateBodySchema,
  OrderCreateHeadersSchema,
  OrderSchema,
  PlacedOrderSchema,
  UsualSchema,
  WalkUpOrderBodySchema,
  type PlacementRefusal,
} from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodyOfError, refusal } from '../../lib/errors';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../plugins/openapi';
import type { OrderingService } from './ordering.service';
import { runsRoutes } from './runs.routes';

const TAGS = ['orders'];
const tags = ['standing'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** A refusal of the decision as POST /order answers it (its English `message`, code, `messageId` and `params`). */
const refusalBody = (refused: PlacementRefusal | null) =>
  refused && errorBodyOfError(refusal(refused.status, refused.code, refused.text));

/**
 * The web's ways through the ordering door: placing an order, the barista's walk-up order, and
 * the person's usual, kept on the server for every channel (docs/standing-orders.md).
 */
export const orderingRoutes: FastifyPluginAsyncZod<{ ordering: OrderingService }> = async (app, { ordering }) => {
  const { usual } = ordering;
  await app.register(runsRoutes, { ordering });

  app.post(
    '/order',
    {
      preHandler: requireRole('user', 'admin'),
      schema: {
        tags: TAGS,
        summary: 'Place an order (cafe: at most 2 counted a day; bar: when online bar ordering is on)',
        description:
          'Cafe orders need type, sweetness and a tumblerImage URL issued by POST /upload/image; for a bar order ' +
          'tumblerImage holds the drink description (at most 50 characters). With LOCATION_CHECK on, latitude and ' +
          "longitude must be within the order site's radius of its position (GET /sites). With runId the drink " +
          "joins a coffee run (its site and pickup slot; 409 RUN_CLOSED, RUN_JOINED, RUN_CAFE_ONLY); cup 'tray' " +
          'needs no tumblerImage (docs/api/runs.md). A drink containing ' +
          'what the person avoids needs dietConfirmed: true, else 409 DIET_CONFIRMATION_NEEDED naming it. ' +
          'Emits `orders`. With an Idempotency-Key, a ' +
          'retry by the same person with the same key answers the order of the first request again (201, ' +
          '`Idempotent-Replayed: true`, no second order, no event); the same key with another drink is refused ' +
          'with 422 IDEMPOTENCY_KEY_REUSED. A new order that joins its line carries its place and wait as ' +
          'GET /order/my-queue shows them (queue_at, estimatedWaitMinutes), and a counted cafe order of the ' +
          "person's today the daily count with it as GET /order/count/user answers it (dailyCount); an order for " +
          'later, a bar order and a replayed answer carry null where they cannot say.',
        security: bearerSecurity,
        headers: OrderCreateHeadersSchema,
        body: OrderCreateBodySchema,
        response: { 201: PlacedOrderSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { order, replayed } = await ordering.place(currentUser(request), request.body, 'web', key);
      if (replayed) void reply.header('Idempotent-Replayed', 'true');
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/menu/verdicts',
    {
      schema: {
        tags: TAGS,
        summary: "What the caller may order at a site now: the door's verdict on every item of a venue's menu",
        description:
          'Every listed item of the venue (GET /category) with `now` and `later`: null when it may be ordered ' +
          'for now (as soon as possible) or for a pickup time, else the refusal POST /order would answer with ' +
          '(its code, `messageId` and `params`), in the order POST /order checks: the e-mail confirmation, the ' +
          "site, the item there (the venue's hours, the Friday cut-off, served, sold out), then for now busy mode " +
          "and the daily limit. The position is checked when the order is placed; for later, the slot's hours " +
          'when one is chosen. `venue` is what holds whatever the item. `conflicts`: what of the drink as it ' +
          'comes the caller avoids; `untagged`: nobody tagged it and the caller avoids something. siteId: the ' +
          "site to order at (without it the caller's home site, 409 SITE_ARCHIVED when it was archived). A " +
          "visitor reads the default site's verdicts, with no daily count and nothing avoided.",
        querystring: MenuVerdictsQuerySchema,
        response: { 200: MenuVerdictsSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const { venue, siteId } = request.query;
      const answer = await ordering.menuVerdicts(request.authUser, venue, siteId);
      return {
        siteId: answer.site.id,
        venue: { now: refusalBody(answer.venue.now), later: refusalBody(answer.venue.later) },
        items: answer.entries.map((entry) => ({
          menuId: entry.item.id,
          now: refusalBody(entry.now),
          later: refusalBody(entry.later),
          conflicts: entry.conflicts,
          untagged: entry.untagged,
        })),
      };
    },
  );

  app.post(
    '/order/walk-up',
    {
      preHandler: requireRole('barista'),
      schema: {
        tags: TAGS,
        summary:
          'A barista enters an order at the counter for a person (userId, counted in their daily limit) or a guest (guestName)',
        description:
          'The item and hours rules hold as for POST /order (a bar item needs the bar open, not online bar ordering); ' +
          'no tumbler photo or position; busy mode does not apply. The order carries walkUp: true and appears on the ' +
          "person's My Order. Emits `orders`.",
        security: bearerSecurity,
        body: WalkUpOrderBodySchema,
        response: { 201: OrderSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await ordering.walkUp(currentUser(request), request.body)),
  );

  app.get(
    '/me/usual',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The caller's usual drink, as they last set it; null when they have none",
        description: 'It changes only when its owner sets it (PUT) or forgets it (DELETE): no order replaces it.',
        security: bearerSecurity,
        response: { 200: UsualSchema, ...errorResponses(401) },
      },
    },
    async (request) => usual.usualAnswer(currentUser(request).id),
  );

  app.put(
    '/me/usual',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Make a drink the caller's usual (the web's Make this my usual, Slack's /coffee, standing orders)",
        description: 'The item must exist (400); a cafe drink needs its type and sweetness (400).',
        security: bearerSecurity,
        body: DrinkChoiceSchema,
        response: { 200: UsualSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => usual.setUsual(currentUser(request), request.body),
  );

  app.delete(
    '/me/usual',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Forget the caller's usual: they have none until they set one again",
        security: bearerSecurity,
        response: { 200: UsualSchema, ...errorResponses(401) },
      },
    },
    async (request) => usual.clearUsual(currentUser(request)),
  );
};
