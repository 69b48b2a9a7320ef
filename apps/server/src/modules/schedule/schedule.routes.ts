import { ClosedDayBodySchema, ClosedDayParamsSchema, ScheduleSchema, WeeklyScheduleBodySchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../plugins/openapi';

const tags = ['schedule'];

const writeErrors = errorResponses({
  400: 'VALIDATION: the message names the field',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN: only baristas and admins edit the opening hours',
});

const EMITS =
  'Emits `schedule` to everyone. The change takes effect from the next opening or closing time: the shop ' +
  'status of this moment stays as it is (PATCH /cafe-status changes it now).';

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.ctx.services.schedule;
  const staff = requireRole('barista', 'admin');

  app.get(
    '/schedule',
    {
      schema: {
        tags,
        summary: 'Opening hours: the weekly periods, closed days from today, and when a venue next opens',
        description:
          'Cafe time (GET /settings `cafeTimeZone`), weekday 0 = Sunday. With `automatic` the server opens and ' +
          'closes the shop by these hours itself, sends `closing-soon` ten minutes before a venue closes and ' +
          'then rejects its waiting orders with "The shop is closing".',
        response: { 200: ScheduleSchema },
      },
    },
    async () => service.get(),
  );

  app.put(
    '/schedule/weekly',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Replace the weekly opening periods (at most one per venue and weekday)',
        description: EMITS,
        security: bearerSecurity,
        body: WeeklyScheduleBodySchema,
        response: { 200: ScheduleSchema, ...writeErrors },
      },
    },
    async (request) => service.replaceWeekly(currentUser(request), request.body),
  );

  app.post(
    '/schedule/closed-days',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Close both venues on a day (today or later); the same day again replaces its note',
        description: EMITS,
        security: bearerSecurity,
        body: ClosedDayBodySchema,
        response: { 201: ScheduleSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addClosedDay(currentUser(request), request.body)),
  );

  app.delete(
    '/schedule/closed-days/:day',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Open a closed day again (by the weekly periods)',
        description: EMITS,
        security: bearerSecurity,
        params: ClosedDayParamsSchema,
        response: { 200: ScheduleSchema, ...writeErrors, ...errorResponses({ 404: 'NOT_FOUND: no such closed day' }) },
      },
    },
    async (request) => service.removeClosedDay(request.params.day),
  );
};
