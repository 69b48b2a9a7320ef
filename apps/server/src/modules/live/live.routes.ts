import { LiveMissedQuerySchema, LiveMissedSchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi';
import type { LiveService } from './live.service';

const TAGS = ['live'];

export const liveRoutes: FastifyPluginAsyncZod<{ live: LiveService }> = async (app, { live }) => {
  app.get(
    '/live/missed',
    {
      schema: {
        tags: TAGS,
        summary: 'The live events of a site the caller missed after a sequence number, to catch up after a reconnect',
        description:
          "Only the events the caller would have received live (a site's board: its staff's; a person: the site's and their own; a visitor: the site's), in `seq` order. `tooOld: true` (and no events) when `after` is older than the events kept, or further behind than 1,000: read everything again. Anyone may ask (a token is optional); who may follow which site is decided as for the live connection: a barista of another site gets 403. See docs/api/live-events.md.",
        querystring: LiveMissedQuerySchema,
        response: { 200: LiveMissedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => live.missed(request.authUser, request.query.siteId, request.query.after),
  );
};
