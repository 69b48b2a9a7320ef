import { ChatChannelParamsSchema, ChatChannelsSchema, ChatLinkPreviewSchema, ChatLinkStatusSchema } from '@cafe/shared';
import { ChatLinkTokenParamsSchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses, NoContentSchema } from '../../plugins/openapi';
import type { ChatService } from './chat.service';

const tags = ['chat'];

/**
 * The web's side of LINE and Teams (docs/api/chat.md): the signed-in person links, sees and unlinks
 * their account of a channel (404 while that channel is not configured); the admins' settings page
 * reads every chat channel's state.
 */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  const doc = <R>(summary: string, response: R) => ({ tags, security: bearerSecurity, summary, response });
  const params = ChatChannelParamsSchema;
  const token = ChatLinkTokenParamsSchema;
  const preview = { 200: ChatLinkPreviewSchema, ...errorResponses(400, 401, 404) };
  app.get(
    '/chat/:channel/link',
    {
      preHandler: requireAuth,
      schema: {
        ...doc('Whether the caller has an account of the chat channel linked', {
          200: ChatLinkStatusSchema,
          ...errorResponses(400, 401, 404),
        }),
        params,
      },
    },
    async (request) => chat.status(currentUser(request), request.params.channel),
  );
  app.delete(
    '/chat/:channel/link',
    {
      preHandler: requireAuth,
      schema: {
        ...doc('Unlink the chat channel: its account can do nothing more (404 when none is linked)', {
          204: NoContentSchema,
          ...errorResponses(400, 401, 404),
        }),
        params,
      },
    },
    async (request, reply) => {
      await chat.revoke(currentUser(request), request.params.channel);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/chat/:channel/link-tokens/:token',
    {
      preHandler: requireAuth,
      schema: {
        ...doc('Whose account of the chat a one-time link would link (404 when used, expired or unknown)', preview),
        params: token,
      },
    },
    async (request) => chat.preview(request.params.channel, request.params.token),
  );
  app.post(
    '/chat/:channel/link-tokens/:token',
    {
      preHandler: requireAuth,
      schema: {
        ...doc('Link the account of a one-time link to the caller; the link works once', preview),
        params: token,
      },
    },
    async (request) => chat.confirm(currentUser(request), request.params.channel, request.params.token),
  );
  app.get(
    '/admin/chat-channels',
    {
      preHandler: requireRole('admin'),
      schema: doc(
        'Every chat channel: on or not, its settings set or not (never their values), its people, its last error',
        {
          200: ChatChannelsSchema,
          ...errorResponses(401, 403),
        },
      ),
    },
    async () => ({ channels: await chat.channels() }),
  );
};
