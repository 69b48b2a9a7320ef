import { PrivacyPolicySchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RetentionService } from './retention.service';

/** What the privacy page shows: what is kept and for how long (docs/privacy.md). */
export const retentionRoutes: FastifyPluginAsyncZod<{ retention: RetentionService }> = async (app, { retention }) => {
  const service = retention;
  app.get(
    '/privacy',
    {
      schema: {
        tags: ['retention'],
        summary: 'How long the cafe keeps personal data, from the settings its daily clean-up uses',
        response: { 200: PrivacyPolicySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return service.policy();
    },
  );
};
