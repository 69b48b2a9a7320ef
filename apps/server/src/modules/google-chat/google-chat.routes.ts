import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/openapi';
import { platformEndpoint } from '../chat/adapter-kit';
import type { GoogleChatService } from './google-chat.service';

const description =
  "Called by Google Chat with `Authorization: Bearer <token>`: a token not signed by a key Chat publishes, not issued by chat@system.gserviceaccount.com, for another audience than the app's project number, or expired gets 401 and nothing is done. A body that is not a JSON event is 400; over 256 KiB, 413. Answered with the message (cards v2) Chat shows; an event sent again, with {}.";

/** The Google Chat app's endpoint (docs/api/google-chat.md): its raw body kept, 404 while not configured. */
export const googleChatRoutes: FastifyPluginAsyncZod<{ googleChat: GoogleChatService }> = async (app, { googleChat }) =>
  platformEndpoint(
    app,
    '/google-chat/events',
    {
      configured: googleChat.requireConfigured,
      schema: {
        tags: ['google-chat'],
        summary: 'Google Chat: an interaction event (a message, a button, the app added)',
        description,
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(400, 401, 404, 413, 503) },
      },
    },
    (body, headers) => googleChat.receive(headers.authorization, body),
  );
