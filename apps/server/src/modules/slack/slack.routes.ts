import { SlackLinkPreviewSchema, SlackLinkStatusSchema, SlackLinkTokenParamsSchema } from '@cafe/shared';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors';
import { currentUser, requireAuth } from '../../plugins/auth';
import { bearerSecurity, errorResponses, NoContentSchema } from '../../plugins/openapi';
import type { SlackCommand, SlackEventBody, SlackInteraction, SlackService } from './slack.service';

const tags = ['slack'];
/** Slack's requests are small; a larger body is not Slack's. */
const SLACK_BODY_LIMIT = 128 * 1024;
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
type Team = string | undefined;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the refusal
  }
  throw badRequest('The body must be a JSON object.');
}

const formOf = (text: string): Record<string, string> => Object.fromEntries(new URLSearchParams(text));

/**
 * The Slack app (docs/api/slack.md, docs/slack.md): Slack's three request URLs, each verified
 * (signature on the raw body, age, replay, workspace) before anything is read, and the web's
 * linking of a Slack account. Every route answers 404 while the app is not configured.
 */
export const slackRoutes: FastifyPluginAsyncZod<{ slack: SlackService }> = async (app, { slack }) => {
  const configured: onRequestAsyncHookHandler = async () => {
    if (!slack.enabled) throw notFound('The Slack app');
  };

  // Slack's requests: the raw body is what the signature covers, so it is kept as text (this scope
  // only), whatever its type; each URL then takes only the type Slack sends it (400 otherwise).
  await app.register(async (fromSlack) => {
    fromSlack.removeAllContentTypeParsers();
    fromSlack.addContentTypeParser('*', { parseAs: 'string', bodyLimit: SLACK_BODY_LIMIT }, (_, body, done) =>
      done(null, body),
    );
    /** A Slack URL: the type Slack sends it, and its body read (the workspace it names; what to do once verified). */
    const route = (
      url: string,
      type: string,
      summary: string,
      read: (text: string) => [Team, () => Promise<unknown>],
    ) => {
      const description =
        "Called by Slack, signed with the app's signing secret (`X-Slack-Signature`, `X-Slack-Request-Timestamp`): " +
        'a bad or missing signature, one older than 5 minutes, a replay, or another workspace gets 401 and nothing ' +
        `is done. A body other than ${type === FORM ? 'a form' : 'JSON'} is 400.`;
      const schema = { tags, summary: `Slack: ${summary}`, description, response: errorResponses(400, 401, 404, 413) };
      fromSlack.post(url, { onRequest: configured, schema }, async (request) => {
        if (header(request, 'content-type')?.split(';')[0]?.trim().toLowerCase() !== type)
          throw badRequest(`The body must be ${type === FORM ? 'form-encoded' : 'JSON'}, as Slack sends it.`);
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const [teamId, answer] = read(rawBody);
        const timestamp = header(request, 'x-slack-request-timestamp');
        await slack.verify({ timestamp, signature: header(request, 'x-slack-signature'), rawBody, teamId });
        // Slack's JSON, or an empty 200 (acknowledged; the rest follows in the background).
        return (await answer()) ?? '';
      });
    };
    route('/slack/commands', FORM, 'the `/coffee` slash command (form-encoded)', (text) => {
      const form = formOf(text) as SlackCommand;
      return [form.team_id, () => slack.command(form)];
    });
    route('/slack/interactions', FORM, 'a button or a modal (form-encoded `payload`)', (text) => {
      const payload = parseJson(formOf(text).payload ?? '') as SlackInteraction;
      return [payload.team?.id ?? payload.user?.team_id, () => slack.interaction(payload)];
    });
    route('/slack/events', JSON_TYPE, 'the Events API (URL check, App Home opened)', (text) => {
      const body = parseJson(text) as SlackEventBody;
      return [body.team_id, () => slack.event(body)];
    });
  });

  const signedIn = { onRequest: configured, preHandler: requireAuth };
  const schema = { tags, security: bearerSecurity };
  app.get(
    '/slack/link',
    {
      ...signedIn,
      schema: {
        ...schema,
        summary: 'Whether the caller has a Slack account linked',
        response: { 200: SlackLinkStatusSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => slack.linking.status(currentUser(request)),
  );
  app.delete(
    '/slack/link',
    {
      ...signedIn,
      schema: {
        ...schema,
        summary: 'Unlink Slack: the Slack account can do nothing more (404 when none is linked)',
        response: { 204: NoContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await slack.linking.revoke(currentUser(request));
      return reply.status(204).send(null);
    },
  );
  const token = {
    ...schema,
    params: SlackLinkTokenParamsSchema,
    response: { 200: SlackLinkPreviewSchema, ...errorResponses(400, 401, 404) },
  };
  app.get(
    '/slack/link-tokens/:token',
    {
      ...signedIn,
      schema: {
        ...token,
        summary: 'Whose Slack account a one-time link would link (404 when used, expired or unknown)',
      },
    },
    async (request) => slack.linking.preview(request.params.token),
  );
  app.post(
    '/slack/link-tokens/:token',
    {
      ...signedIn,
      schema: { ...token, summary: 'Link the Slack account of a one-time link to the caller; the link works once' },
    },
    async (request) => slack.linking.confirm(currentUser(request), request.params.token),
  );
};
