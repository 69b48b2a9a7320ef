import { PushPublicKeySchema, PushSubscriptionBodySchema, PushUnsubscribeBodySchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth } from '../../plugins/auth';
import { errorResponses, guardedRoutes, NoContentSchema } from '../../plugins/openapi';
import type { PushService } from './push.service';

const TAGS = ['push'];
const guarded = guardedRoutes(TAGS);

/** Web Push: the server's VAPID key and the browsers that want order notifications. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push: service }) => {
  app.get(
    '/push/public-key',
    {
      schema: {
        tags: TAGS,
        summary: 'The VAPID public key (base64url) a browser subscribes with (applicationServerKey)',
        response: { 200: PushPublicKeySchema },
      },
    },
    () => service.publicKey(),
  );

  app.post(
    '/push/subscription',
    guarded(requireAuth, {
      summary: "Save this browser's push subscription for the caller",
      description:
        'The body is PushSubscription.toJSON() of the browser. An endpoint already saved moves to the caller. ' +
        'While the caller is signed in (push status ACTIVE) they are told when an order is done or rejected.',
      body: PushSubscriptionBodySchema,
      response: { 201: NoContentSchema, ...errorResponses(400, 401) },
    }),
    async (request, reply) => {
      await service.subscribe(currentUser(request), request.body);
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/push/subscription',
    guarded(requireAuth, {
      summary: "Forget one of the caller's push subscriptions",
      description: 'An endpoint that is not saved is answered 204 too; one saved for someone else, 403.',
      body: PushUnsubscribeBodySchema,
      response: { 204: NoContentSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request, reply) => {
      await service.unsubscribe(currentUser(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
