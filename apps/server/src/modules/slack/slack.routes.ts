import { ChatLinkStatusSchema, SlackLinkPreviewSchema, SlackLinkTokenParamsSchema } from '@cafe/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { currentUser, requireAuth } from '../../plugins/auth';
import { bearerSecurity, errorResponses, NoContentSchema } from '../../plugins/openapi';
import { jsonObject } from '../chat/adapter-kit';
import type { SlackCommand, SlackEventBody, SlackInteraction, SlackService } from './slack.service';

const tags = ['slack'];
/** Slack's requests are small; a larger body is not Slack's. */
const SLACK_BODY_LIMIT = 128 * 1024;
const FORM = 'application/x-www-form-urlencoded';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const jsonOf = <T>(text: string): T => jsonObject(text, 'The body must be a JSON object.') as T;

const formOf = (text: string): Record<string, string> => Object.fromEntries(new URLSearchParams(text));

/**
 * The Slack app (docs/api/slack.md, docs/slack.md): Slack's three request URLs, each verified
 * (signature on the raw body, age, replay, workspace) before anything is read, and the web's
 * linking of a Slack account of before the chat module's routes (the chat module's, answering as
 * then). Every route answers 404 while the app is not configured.
 */
export const slackRoutes: FastifyPluginAsyncZod<{ slack: SlackService; chat: Services['chat'] }> = async (
  app,
  { slack, chat },
) => {
  const configured = async () => {
    if (!slack.enabled) throw notFound('The Slack app');
  };

  // Slack's requests: the raw body is what the signature covers, so it is kept as text (this scope
  // only), whatever its type; each URL then takes only the type Slack sends it (400 otherwise).
  await app.register(async (fromSlack) => {
    fromSlack.removeAllContentTypeParsers();
    fromSlack.addContentTypeParser('*', { parseAs: 'string', bodyLimit: SLACK_BODY_LIMIT }, (_, body, done) =>
      done(null, body),
    );
    /** `read` gives the workspace the body names, and what to do once the request is verified. */
    const route = (
      url: string,
      summary: string,
      read: (text: string) => [string | undefined, () => Promise<unknown>],
    ) => {
      const type = url === '/slack/events' ? 'application/json' : FORM;
      const [a, as] = type === FORM ? ['a form', 'form-encoded'] : ['JSON', 'JSON'];
      const description =
        "Called by Slack, signed with the app's signing secret (`X-Slack-Signature`, `X-Slack-Request-Timestamp`): " +
        'a bad or missing signature, one older than 5 minutes, a replay, or another workspace gets 401 and nothing ' +
        `is done. A body other than ${a} is 400.`;
      const schema = {
        tags,
        summary: `Slack: ${summary}`,
        description,
        response: errorResponses(400, 401, 404, 413, 503),
      };
      fromSlack.post(url, { onRequest: configured, schema }, async (request) => {
        if (header(request, 'content-type')?.split(';')[0]?.trim().toLowerCase() !== type)
          throw badRequest(`The body must be ${as}, as Slack sends it.`);
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const [teamId, answer] = read(rawBody);
        const timestamp = header(request, 'x-slack-request-timestamp');
        await slack.verify({ timestamp, signature: header(request, 'x-slack-signature'), rawBody, teamId });
        // Slack's JSON, or an empty 200 (acknowledged; the rest follows in the background).
        return (await answer()) ?? '';
      });
    };
    route('/slack/commands', 'the `/coffee` slash command (form-encoded)', (text) => {
      const form: SlackCommand = formOf(text);
      return [form.team_id, () => slack.command(form)];
    });
    route('/slack/interactions', 'a button or a modal (form-encoded `payload`)', (text) => {
      const payload = jsonOf<SlackInteraction>(formOf(text).payload ?? '');
      return [payload.team?.id ?? payload.user?.team_id, () => slack.interaction(payload)];
    });
    route('/slack/events', 'the Events API (URL check, App Home opened)', (text) => {
      const body = jsonOf<SlackEventBody>(text);
      return [body.team_id, () => slack.event(body)];
    });
  });

  // The web's linking of a Slack account: the signed-in person's own.
  const signedIn = { onRequest: configured, preHandler: requireAuth };
  const doc = <R>(summary: string, response: R) => ({ tags, security: bearerSecurity, summary, response });
  const token = SlackLinkTokenParamsSchema;
  const preview = { 200: SlackLinkPreviewSchema, ...errorResponses(400, 401, 404) };
  const status = { 200: ChatLinkStatusSchema, ...errorResponses(401, 404) };
  const named = async (linked: Promise<{ name: string }>) => ({ slackName: (await linked).name });
  app.get(
    '/slack/link',
    { ...signedIn, schema: doc('Whether the caller has a Slack account linked', status) },
    async (request) => chat.status(currentUser(request), 'slack'),
  );
  const unlink = 'Unlink Slack: the Slack account can do nothing more (404 when none is linked)';
  app.delete(
    '/slack/link',
    { ...signedIn, schema: doc(unlink, { 204: NoContentSchema, ...errorResponses(401, 404) }) },
    async (request, reply) => {
      await chat.revoke(currentUser(request), 'slack');
      return reply.status(204).send(null);
    },
  );
  const whose = 'Whose Slack account a one-time link would link (404 when used, expired or unknown)';
  app.get(
    '/slack/link-tokens/:token',
    { ...signedIn, schema: { ...doc(whose, preview), params: token } },
    async (request) => named(chat.preview('slack', request.params.token)),
  );
  const link = 'Link the Slack account of a one-time link to the caller; the link works once';
  app.post(
    '/slack/link-tokens/:token',
    { ...signedIn, schema: { ...doc(link, preview), params: token } },
    async (request) => named(chat.confirm(currentUser(request), 'slack', request.params.token)),
  );
};
