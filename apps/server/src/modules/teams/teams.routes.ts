import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors';
import { errorResponses, NoContentSchema } from '../../plugins/openapi';
import { jsonObject, platformEndpoint } from '../chat/adapter-kit';
import type { TeamsActivity, TeamsService } from './teams.service';

const description =
  'Called by the Bot Framework with `Authorization: Bearer <JWT>`: a token not signed by a key of the ' +
  "Bot Framework's OpenID metadata, not issued by https://api.botframework.com to this bot, expired, for " +
  'another serviceUrl, or (with TEAMS_TENANT_ID) from another tenant gets 401 and nothing is done. A body ' +
  'that is not a JSON activity is 400; over 256 KiB, 413. Answered at once (202); the cards follow.';

/**
 * The Teams bot's messaging endpoint (docs/api/teams.md, docs/teams.md): every activity verified
 * (the Bot Framework's JWT) before anything is done, answered at once. 404 while not configured.
 */
export const teamsRoutes: FastifyPluginAsyncZod<{ teams: TeamsService }> = async (app, { teams }) =>
  platformEndpoint(
    app,
    '/teams/messages',
    {
      configured: () => {
        if (!teams.enabled) throw notFound('The Teams bot');
      },
      schema: {
        tags: ['teams'],
        summary: 'Teams: an activity for the bot (a message, a card submitted)',
        description,
        response: { 202: NoContentSchema, ...errorResponses(400, 401, 404, 413, 503) },
      },
    },
    async (body, headers, reply) => {
      const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json') throw badRequest('The body must be JSON, as the Bot Framework sends it.');
      const refusal = 'The body must be a Bot Framework activity (a JSON object).';
      const activity: TeamsActivity = jsonObject(body, refusal);
      if (!('type' in activity)) throw badRequest(refusal);
      await teams.receive(headers.authorization, activity);
      return reply.status(202).send();
    },
  );
