import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLOCK_TOPIC } from '../lib/clock';
import { badRequest } from '../lib/errors';

/**
 * PUT /api/test/clock: sets the server's clock of a test server (one started with CLOCK_NOW,
 * which only NODE_ENV=test honours), so a browser test can let an order for later fall due
 * without waiting for it. The clock runs on from the new instant and the timers run at once. The
 * route exists only on such a server and is not part of the contract (it is left out of the
 * OpenAPI output).
 */
export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/test/clock',
    {
      schema: {
        hide: true,
        body: z.object({ now: z.string().datetime({ offset: true }) }),
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async (request) => {
      const { clock, bus } = app.ctx;
      if (!clock.set) throw badRequest('This server runs on the real clock.');
      clock.set(new Date(request.body.now));
      bus.publish(CLOCK_TOPIC, null);
      return { now: clock.now().toISOString() };
    },
  );
};
