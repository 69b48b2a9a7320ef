import {
  CountSchema,
  CountTotalQuerySchema,
  ErrorBodySchema,
  OrdersByHourRowSchema,
  OrdersByWeekdayRowSchema,
  PopularMenuRowSchema,
  PreparationTimeSchema,
  StatsQuerySchema,
} from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth';
import { createStatsService } from './stats.service';

const tags = ['stats'];
const security = [{ bearerAuth: [] }];
const PERIOD =
  'startDate (inclusive) and endDate (exclusive) are calendar days YYYY-MM-DD in the cafe time zone; ' +
  'only served orders (done, picked) count.';

const errors = {
  400: ErrorBodySchema.describe('VALIDATION: a bad date, or startDate after endDate'),
  401: ErrorBodySchema.describe('UNAUTHENTICATED'),
  403: ErrorBodySchema.describe('FORBIDDEN: baristas and admins only'),
};

// The /order/... paths sit beside the orders module's /order/:id; static segments win in Fastify.
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stats = createStatsService(app.ctx);
  const staff = requireRole('barista', 'admin');

  app.get(
    '/order/count/total',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Number of served orders of a venue in a period',
        description: PERIOD,
        security,
        querystring: CountTotalQuerySchema,
        response: { 200: CountSchema, ...errors },
      },
    },
    async (request) => stats.countTotal(request.query),
  );

  app.get(
    '/order/find/popular-menu',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Menu items ranked by served orders in a period',
        description: `${PERIOD} Most ordered first, ties by name; deleted items still count.`,
        security,
        querystring: StatsQuerySchema,
        response: { 200: z.array(PopularMenuRowSchema), ...errors },
      },
    },
    async (request) => stats.popularMenu(request.query),
  );

  app.get(
    '/stats/orders-by-hour',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Served orders per hour of the day (cafe time), all 24 hours',
        description: `${PERIOD} The hour is when the order was placed.`,
        security,
        querystring: StatsQuerySchema,
        response: { 200: z.array(OrdersByHourRowSchema), ...errors },
      },
    },
    async (request) => stats.ordersByHour(request.query),
  );

  app.get(
    '/stats/orders-by-weekday',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Served orders per weekday (0 = Sunday, cafe time), all 7 days',
        description: `${PERIOD} The weekday is when the order was placed.`,
        security,
        querystring: StatsQuerySchema,
        response: { 200: z.array(OrdersByWeekdayRowSchema), ...errors },
      },
    },
    async (request) => stats.ordersByWeekday(request.query),
  );

  app.get(
    '/stats/preparation-time',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Average time from in-progress to done',
        description:
          'Over the orders placed in the period (cafe days, startDate inclusive, endDate exclusive) that went ' +
          'from in-progress to done; averageSeconds is null when there are none.',
        security,
        querystring: StatsQuerySchema,
        response: { 200: PreparationTimeSchema, ...errors },
      },
    },
    async (request) => stats.preparationTime(request.query),
  );
};
