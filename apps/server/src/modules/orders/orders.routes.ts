import {
  BaristaHistoryPageSchema,
  BaristaHistoryQuerySchema,
  BaristaOrderPatchBodySchema,
  BulkBaristaAnswerSchema,
  BulkBaristaBodySchema,
  ClaimBodySchema,
  TimelineEntrySchema,
  TumblerMarkBodySchema,
  CountSchema,
  DateRangeQuerySchema,
  IdParamsSchema,
  OrderListQuerySchema,
  OrderMoveHeadersSchema,
  OrderSchema,
  OwnerOrderPatchBodySchema,
  QueuedOrderSchema,
  RunMoveBodySchema,
  RunSchema,
} from '@cafe/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../lib/cached-answer';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../plugins/openapi';
import type { OrdersService } from './orders.service';
import { ReplayedRefusal, type MoveRoute } from './request-keys';
import type { SitesService } from '../sites/sites.service';

const TAGS = ['orders'];
const errors = errorResponses(400, 401, 403, 404, 409);
/** What a move of an order says of its Idempotency-Key (request-keys.ts). */
const KEY_DOC =
  ' With an Idempotency-Key, a retry by the same person with the same key answers the first answer again (`Idempotent-Replayed: true`), nothing applied twice; the same key with another change 422 IDEMPOTENCY_KEY_REUSED; while the first request with it is still being handled 409 IDEMPOTENCY_KEY_IN_USE.';
/** What a move of an order with an Idempotency-Key takes besides its body, and what it answers. */
const keyedMoveSchema = { security: bearerSecurity, headers: OrderMoveHeadersSchema, params: IdParamsSchema };
const movedResponse = { 200: OrderSchema, ...errors, ...errorResponses(422) };

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; sites: SitesService }> = async (
  app,
  { orders: service, sites },
) => {
  /**
   * A move of an order with the request's Idempotency-Key: a retry answers the first answer again
   * (`Idempotent-Replayed: true`), the order or the refusal, nothing applied twice.
   */
  async function keyedMove<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    move: { route: MoveRoute; orderId: number; body: unknown },
    run: () => Promise<T>,
  ): Promise<T> {
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' ? header : undefined;
    try {
      const { value, replayed } = await service.keyed({ ...move, userId: currentUser(request).id, key }, run);
      if (replayed) void reply.header('Idempotent-Replayed', 'true');
      return value;
    } catch (error) {
      if (error instanceof ReplayedRefusal) void reply.header('Idempotent-Replayed', 'true');
      throw error;
    }
  }

  app.get(
    '/order',
    {
      preHandler: requireRole('barista', 'admin'),
      schema: {
        tags: TAGS,
        summary:
          "Orders of a site (siteId, or the barista's own) by status and day range [startDate, endDate), oldest first",
        description:
          "Today's waiting orders also carry queue_at and estimatedWaitMinutes (counted among the waiting orders " +
          "of the same venue in the answer); other orders carry null. Days are in the site's time zone. A barista " +
          'of another site gets 403.',
        security: bearerSecurity,
        querystring: OrderListQuerySchema,
        response: { 200: z.array(QueuedOrderSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const site = await sites.forStaff(currentUser(request), request.query.siteId);
      return sendJsonText(reply, await service.listAnswer(request.query, site.id));
    },
  );

  app.get(
    '/order/my-queue',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: "Today's orders of the caller, newest first, with queue_at and estimatedWaitMinutes",
        description:
          'queue_at of a waiting order = 1 + the waiting orders of the same venue placed before it today; null otherwise. ' +
          'estimatedWaitMinutes = ceil(secondsPerOrder × (drinks in progress + orders ahead + 1) / 60), at least 1, the ' +
          "pace being the median gap between the venue's latest completions (docs/api.md, The counter); null when not waiting.",
        security: bearerSecurity,
        response: { 200: z.array(QueuedOrderSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => sendJsonText(reply, await service.myQueueAnswer(currentUser(request))),
  );

  app.get(
    '/order/count/user',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: "The caller's cafe orders today that count against the daily limit (not cancel or rejected)",
        security: bearerSecurity,
        response: { 200: CountSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.countMine(currentUser(request)),
  );

  app.get(
    '/order/history/user',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: "The caller's done, picked, cancel and rejected orders, newest update first",
        description: 'startDate and endDate (cafe days, [startDate, endDate)) narrow the range; without them all time.',
        security: bearerSecurity,
        querystring: DateRangeQuerySchema,
        response: { 200: z.array(OrderSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => service.history(currentUser(request).id, request.query),
  );

  app.get(
    '/order/history/barista',
    {
      preHandler: requireRole('barista', 'admin'),
      schema: {
        tags: TAGS,
        summary: 'Finished orders (done, picked, cancel, rejected), a page at a time, newest first',
        description:
          'Newest orderDate first (ties: higher id first). Pass nextCursor back as cursor for the next page; ' +
          'it is null on the last page. Pages do not shift when orders finish in the meantime (keyset pages). ' +
          'dayTotals gives, for every cafe day of the page, all the done and picked orders of that day (its ' +
          '"Total Order:"), also when the day continues on another page. Only the orders of one site (siteId, or ' +
          "the barista's own); a barista of another site gets 403.",
        security: bearerSecurity,
        querystring: BaristaHistoryQuerySchema,
        response: { 200: BaristaHistoryPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const site = await sites.forStaff(currentUser(request), request.query.siteId);
      return service.baristaHistory(request.query, site.id);
    },
  );

  app.get(
    '/order/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: 'One order (its owner, baristas and admins)',
        security: bearerSecurity,
        params: IdParamsSchema,
        response: {
          200: OrderSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.patch(
    '/order/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: 'The owner cancels a waiting order (ordered -> cancel) or picks up a finished one (done -> picked)',
        description: 'Other changes: 409 INVALID_TRANSITION. Emits `orders`.' + KEY_DOC,
        ...keyedMoveSchema,
        body: OwnerOrderPatchBodySchema,
        response: movedResponse,
      },
    },
    async (request, reply) =>
      keyedMove(request, reply, { route: 'owner-move', orderId: request.params.id, body: request.body }, () =>
        service.ownerUpdate(currentUser(request), request.params.id, request.body),
      ),
  );

  app.post(
    '/order/barista/bulk',
    {
      preHandler: requireRole('barista'),
      schema: {
        tags: TAGS,
        summary: 'One barista move (in-progress, done, rejected) for several orders, each made or refused on its own',
        description:
          'Each order is moved as PATCH /order/barista/{id} would move it; `results` says for each id the Order, or the ' +
          'error that request would have answered. Emits `orders` for every order moved.',
        security: bearerSecurity,
        body: BulkBaristaBodySchema,
        response: { 200: BulkBaristaAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.baristaBulk(currentUser(request), request.body),
  );

  app.post(
    '/order/barista/:id/undo',
    {
      preHandler: requireRole('barista'),
      schema: {
        tags: TAGS,
        summary:
          "Take back an order's latest Do, Done, reject, handover, not collected or tumbler mark within 30 seconds",
        description:
          'in-progress -> ordered, done -> in-progress, rejected -> ordered or in-progress, picked (a handover, not the ' +
          "owner's own pick-up) or uncollected -> done, a tumbler marked not here -> found; recorded in the history with " +
          'the note "undo". 409 UNDO_EXPIRED after 30 s; 409 INVALID_TRANSITION when there is nothing to undo or the ' +
          'order changed since (e.g. picked up). Emits `orders`; the owner is told by push when a Done or reject is undone.' +
          KEY_DOC,
        ...keyedMoveSchema,
        response: movedResponse,
      },
    },
    async (request, reply) =>
      keyedMove(request, reply, { route: 'undo', orderId: request.params.id, body: null }, () =>
        service.undo(currentUser(request), request.params.id),
      ),
  );

  app.post(
    '/order/barista/:id/tumbler',
    {
      preHandler: requireRole('barista', 'admin'),
      schema: {
        tags: TAGS,
        summary: "Mark a waiting or in-progress order's tumbler not here (missing: true), or found (missing: false)",
        description:
          "The order's owner is told at once (live, and by their channels) with the deadline: the site's tumblerGraceMinutes " +
          '(5 by default). When it passes and the tumbler was not marked found, the order is rejected with the note ' +
          '"Barista can not find your tumbler" (its daily allowance given back). A barista of another site gets 403; an ' +
          "order in another status 409 INVALID_TRANSITION; an order with no tumbler to look for (a coffee run's drink in the " +
          "runner's tray, a walk-up, a bar order) 409 NO_TUMBLER (messageId people.refusal.noTumbler). " +
          'Marking as it already is changes nothing. In the timeline and ' +
          'undone by POST /order/barista/{id}/undo. Emits `orders`.',
        security: bearerSecurity,
        params: IdParamsSchema,
        body: TumblerMarkBodySchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => service.markTumbler(currentUser(request), request.params.id, request.body.missing),
  );

  app.get(
    '/order/:id/timeline',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary:
          "An order's moves, oldest first: placed, taken, done, picked, cancelled, rejected, undone; who and when",
        description: 'For its owner, baristas and admins.',
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: z.array(TimelineEntrySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.timeline(currentUser(request), request.params.id),
  );

  app.patch(
    '/order/barista/:id',
    {
      preHandler: requireRole('barista'),
      schema: {
        tags: TAGS,
        summary:
          'A barista starts (in-progress), finishes (done), rejects (rejected, reject_note required), hands over (picked) ' +
          'or marks not collected (uncollected) an order',
        description:
          'ordered -> in-progress; in-progress -> done (rejectNote becomes ""); ordered | in-progress -> rejected; ' +
          "done -> picked (handed over); done -> uncollected once the site's uncollectedAfterMinutes have passed since " +
          'it was finished (before: 409 NOT_YET_UNCOLLECTED). Other changes, or an order someone else changed first: ' +
          '409 INVALID_TRANSITION. Do (in-progress) takes an order nobody has taken for the barista (`claimedBy`); on an ' +
          'order another barista is making it is 409 ORDER_CLAIMED naming them (messageId people.refusal.orderClaimed, ' +
          'params.name). Emits `orders`.' +
          KEY_DOC,
        ...keyedMoveSchema,
        body: BaristaOrderPatchBodySchema,
        response: movedResponse,
      },
    },
    async (request, reply) =>
      keyedMove(request, reply, { route: 'barista-move', orderId: request.params.id, body: request.body }, () =>
        service.baristaUpdate(currentUser(request), request.params.id, request.body),
      ),
  );

  app.patch(
    '/order/barista/run/:id',
    {
      preHandler: requireRole('barista', 'admin'),
      schema: {
        tags: ['runs'],
        summary: 'Move every drink of a coffee run that can make the move together: Start all, Ready all, Picked up',
        description:
          'Each drink that can make the move from where it is (in-progress from scheduled or ordered, done from ' +
          'in-progress, picked from done) moves as PATCH /order/barista/{id} would move it (emits `orders`, tells its ' +
          'owner); one another barista is making or that moved meanwhile is left as it is. A barista of another site ' +
          'gets 403. Answers the run (docs/api/runs.md).',
        security: bearerSecurity,
        params: IdParamsSchema,
        body: RunMoveBodySchema,
        response: { 200: RunSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.runs.moveAll(currentUser(request), request.params.id, request.body.status),
  );

  app.post(
    '/order/barista/:id/claim',
    {
      preHandler: requireRole('barista'),
      schema: {
        tags: TAGS,
        summary: 'A barista takes a waiting or in-progress order (claim: true) or gives it back (claim: false)',
        description:
          "The order's claimedBy becomes the barista (or null). An order another barista is making: 409 ORDER_CLAIMED " +
          'naming them (messageId people.refusal.orderClaimed, params.name), unless takeOver: true (a shift change). Of ' +
          'two baristas taking one order at once exactly one gets it. Asking for what already is changes nothing. An ' +
          'order that is finished, cancelled or rejected: 409 INVALID_TRANSITION; a barista of another site: 403. In the ' +
          'timeline (note claimed or released). Emits `orders`.' +
          KEY_DOC,
        ...keyedMoveSchema,
        body: ClaimBodySchema,
        response: movedResponse,
      },
    },
    async (request, reply) =>
      keyedMove(request, reply, { route: 'claim', orderId: request.params.id, body: request.body }, () =>
        service.claim(currentUser(request), request.params.id, request.body),
      ),
  );
};
