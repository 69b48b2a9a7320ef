import { PublicSettingsSchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service';

/**
 * Settings change rarely, and every visitor's first screen waits for them: browsers and proxies may
 * keep them a minute.
 */
const CACHE_CONTROL = 'public, max-age=60';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  const service = settings;

  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary:
          "Deployment settings the web app needs: company domain, the first site's time zone and position, hours",
        description:
          'Public and the same for everyone (no secrets). The web app reads them at start-up, so changing ' +
          'COMPANY_EMAIL_DOMAIN needs a restart of the server, not a new web build. The cafe fields are those of ' +
          'the first site (GET /sites has every site). ' +
          `Cache-Control: ${CACHE_CONTROL}.`,
        response: { 200: PublicSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', CACHE_CONTROL);
      return service.publicSettings();
    },
  );
};
