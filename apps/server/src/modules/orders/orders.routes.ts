import {
  BaristaOrderPatchBodySchema,
  CountSchema,
  DateRangeQuerySchema,
  IdParamsSchema,
  OrderCreateBodySchema,
  OrderListQuerySchema,
  OrderSchema,
  OwnerOrderPatchBodySchema,
  QueuedOrderSchema,
} from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../plugins/openapi';

const TAGS = ['orders'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.ctx.services.orders;

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
          'longitude must be within ORDER_RADIUS_KM of the cafe. Emits `orders`.',
        security: bearerSecurity,
        body: OrderCreateBodySchema,
        response: { 201: OrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const order = await service.place(currentUser(request), request.body);
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/order',
    {
      preHandler: requireRole('barista', 'admin'),
      schema: {
        tags: TAGS,
        summary: 'Orders by status and cafe-day range [startDate, endDate), oldest first',
        description:
          "Today's waiting orders also carry queue_at and estimatedWaitMinutes (counted among the waiting orders " +
          'of the same venue in the answer); other orders carry null.',
        security: bearerSecurity,
        querystring: OrderListQuerySchema,
        response: { 200: z.array(QueuedOrderSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
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
          'estimatedWaitMinutes = ceil(average preparation × (drinks in progress + orders ahead + 1) / 60), the average ' +
          "taken over the venue's last 20 finished orders (3 minutes without any); null when not waiting.",
        security: bearerSecurity,
        response: { 200: z.array(QueuedOrderSchema), ...errorResponses(401) },
      },
    },
    async (request) => service.myQueue(currentUser(request).id),
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
    async (request) => service.countMine(currentUser(request).id),
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
        description: 'Other changes: 409 INVALID_TRANSITION. Emits `orders`.',
        security: bearerSecurity,
        params: IdParamsSchema,
        body: OwnerOrderPatchBodySchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => service.ownerUpdate(currentUser(request), request.params.id, request.body),
  );

  app.patch(
    '/order/barista/:id',
    {
      preHandler: requireRole('barista'),
      schema: {
        tags: TAGS,
        summary: 'A barista starts (in-progress), finishes (done) or rejects (rejected, reject_note required) an order',
        description:
          'ordered -> in-progress; in-progress -> done (rejectNote becomes ""); ordered | in-progress -> rejected. ' +
          'Other changes, or an order someone else changed first: 409 INVALID_TRANSITION. Emits `orders`.',
        security: bearerSecurity,
        params: IdParamsSchema,
        body: BaristaOrderPatchBodySchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => service.baristaUpdate(currentUser(request), request.params.id, request.body),
  );
};
