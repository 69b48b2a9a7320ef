import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors';
import { errorResponses, NoContentSchema } from '../../plugins/openapi';
import type { TeamsActivity, TeamsService } from './teams.service';

/** Teams's activities are small; a larger body is not Teams's. */
const TEAMS_BODY_LIMIT = 256 * 1024;

function activityOf(text: string): TeamsActivity {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value) && 'type' in value) return value;
  } catch {
    // falls through to the refusal
  }
  throw badRequest('The body must be a Bot Framework activity (a JSON object).');
}

/**
 * The Teams bot's messaging endpoint (docs/api/teams.md, docs/teams.md): every activity verified
 * (the Bot Framework's JWT) before anything is done, answered at once. 404 while not configured.
 */
export const teamsRoutes: FastifyPluginAsyncZod<{ teams: TeamsService }> = async (app, { teams }) => {
  await app.register(async (fromTeams) => {
    fromTeams.removeAllContentTypeParsers();
    fromTeams.addContentTypeParser('*', { parseAs: 'string', bodyLimit: TEAMS_BODY_LIMIT }, (_, body, done) =>
      done(null, body),
    );
    const description =
      'Called by the Bot Framework with `Authorization: Bearer <JWT>`: a token not signed by a key of the ' +
      "Bot Framework's OpenID metadata, not issued by https://api.botframework.com to this bot, expired, for " +
      'another serviceUrl, or (with TEAMS_TENANT_ID) from another tenant gets 401 and nothing is done. A body ' +
      'that is not a JSON activity is 400; over 256 KiB, 413. Answered at once (202); the cards follow.';
    const schema = {
      tags: ['teams'],
      summary: 'Teams: an activity for the bot (a message, a card submitted)',
      description,
      response: { 202: NoContentSchema, ...errorResponses(400, 401, 404, 413, 503) },
    };
    const configured = async () => {
      if (!teams.enabled) throw notFound('The Teams bot');
    };
    fromTeams.post('/teams/messages', { onRequest: configured, schema }, async (request, reply) => {
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json') throw badRequest('The body must be JSON, as the Bot Framework sends it.');
      const activity = activityOf(typeof request.body === 'string' ? request.body : '');
      await teams.receive(request.headers.authorization, activity);
      return reply.status(202).send();
    });
  });
};
