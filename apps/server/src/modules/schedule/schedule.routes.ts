import {
  ClosedDayBodySchema,
  ClosedDayParamsSchema,
  ScheduleSchema,
  SiteQuerySchema,
  WeeklyScheduleBodySchema,
} from '@cafe/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/auth';
import { errorResponses, guardedRoutes } from '../../plugins/openapi';
import type { ScheduleService } from './schedule.service';
import type { SitesService } from '../sites/sites.service';

const tags = ['schedule'];
const guarded = guardedRoutes(tags);

const writeErrors = errorResponses({
  400: 'VALIDATION: the message names the field',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN: only baristas of the site and admins edit its opening hours',
  404: 'NOT_FOUND: no such site',
});

const EMITS =
  "Of a site (siteId, or the barista's own). Emits `schedule` to the site's people. The change takes effect " +
  'from the next opening or closing time: the shop ' +
  'status of this moment stays as it is (PATCH /cafe-status changes it now).';

export const scheduleRoutes: FastifyPluginAsyncZod<{ schedule: ScheduleService; sites: SitesService }> = async (
  app,
  { schedule, sites },
) => {
  const service = schedule;
  const staff = requireRole('barista', 'admin');
  const staffSite = (request: FastifyRequest<{ Querystring: { siteId?: number } }>) =>
    sites.forStaff(currentUser(request), request.query.siteId);

  app.get(
    '/schedule',
    {
      schema: {
        tags,
        summary:
          "Opening hours of a site (siteId, or the caller's own): the weekly periods, closed days from today, and when a venue next opens",
        description:
          "The site's time (its `timeZone`), weekday 0 = Sunday. With `automatic` the server opens and " +
          'closes the shop by these hours itself, sends `closing-soon` ten minutes before a venue closes and ' +
          'then rejects its waiting orders with "The shop is closing".',
        querystring: SiteQuerySchema,
        response: { 200: ScheduleSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.get((await sites.forReading(request.authUser, request.query.siteId)).id),
  );

  app.put(
    '/schedule/weekly',
    guarded(staff, {
      summary: 'Replace the weekly opening periods (at most one per venue and weekday)',
      description: EMITS,
      querystring: SiteQuerySchema,
      body: WeeklyScheduleBodySchema,
      response: { 200: ScheduleSchema, ...writeErrors },
    }),
    async (request) => service.replaceWeekly(currentUser(request), (await staffSite(request)).id, request.body),
  );

  app.post(
    '/schedule/closed-days',
    guarded(staff, {
      summary: 'Close both venues on a day (today or later); the same day again replaces its note',
      description: EMITS,
      querystring: SiteQuerySchema,
      body: ClosedDayBodySchema,
      response: { 201: ScheduleSchema, ...writeErrors },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addClosedDay(currentUser(request), (await staffSite(request)).id, request.body)),
  );

  app.delete(
    '/schedule/closed-days/:day',
    guarded(staff, {
      summary: 'Open a closed day again (by the weekly periods)',
      description: EMITS,
      params: ClosedDayParamsSchema,
      querystring: SiteQuerySchema,
      response: {
        200: ScheduleSchema,
        ...writeErrors,
        ...errorResponses({ 404: 'NOT_FOUND: no such closed day or site' }),
      },
    }),
    async (request) => service.removeClosedDay(currentUser(request), (await staffSite(request)).id, request.params.day),
  );
};
