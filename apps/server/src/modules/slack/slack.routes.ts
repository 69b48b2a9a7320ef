import { SlackLinkPreviewSchema, SlackLinkStatusSchema, SlackLinkTokenParamsSchema } from '@cafe/shared';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors';
import { currentUser, requireAuth } from '../../plugins/auth';
import { bearerSecurity, errorResponses, NoContentSchema } from '../../plugins/openapi';
import type { SlackCommand, SlackEventBody, SlackInteraction, SlackService } from './slack.service';

const tags = ['slack'];

/** Slack's requests are small; a larger body is not Slack's. */
const SLACK_BODY_LIMIT = 128 * 1024;

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

/** Answers Slack: its JSON, or an empty 200 (acknowledged; the rest follows in the background). */
const answer = (reply: FastifyReply, body: Record<string, unknown> | null) =>
  body === null ? reply.status(200).send('') : reply.status(200).send(body);

/**
 * The Slack app (docs/api/slack.md, docs/slack.md): Slack's three request URLs, each verified
 * (signature on the raw body, age, replay, workspace) before anything is read, and the web's
 * linking of a Slack account. Every route answers 404 while the app is not configured.
 */
export const slackRoutes: FastifyPluginAsyncZod<{ slack: SlackService }> = async (app, { slack }) => {
  const configured: onRequestAsyncHookHandler = async () => {
    if (!slack.enabled) throw notFound('The Slack app');
  };

  // Slack's requests: the raw body is what the signature covers, so it is kept as text (this scope only).
  await app.register(async (fromSlack) => {
    fromSlack.removeContentTypeParser(['application/json']);
    fromSlack.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'string', bodyLimit: SLACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const raw = (request: FastifyRequest): string => (typeof request.body === 'string' ? request.body : '');
    const signed = (request: FastifyRequest, teamId: string | undefined) => ({
      timestamp: header(request, 'x-slack-request-timestamp'),
      signature: header(request, 'x-slack-signature'),
      rawBody: raw(request),
      teamId,
    });
    const described = {
      tags,
      description:
        "Called by Slack, signed with the app's signing secret (`X-Slack-Signature`, `X-Slack-Request-Timestamp`): " +
        'a bad or missing signature, one older than 5 minutes, a replay, or another workspace gets 401 and nothing is done.',
      response: errorResponses(400, 401, 404, 413, 415),
    };

    fromSlack.post(
      '/slack/commands',
      {
        onRequest: configured,
        schema: { ...described, summary: 'Slack: the `/coffee` slash command (form-encoded)' },
      },
      async (request, reply) => {
        const form = formOf(raw(request)) as SlackCommand;
        await slack.verify(signed(request, form.team_id));
        return answer(reply, await slack.command(form));
      },
    );

    fromSlack.post(
      '/slack/interactions',
      {
        onRequest: configured,
        schema: { ...described, summary: 'Slack: a button or the order modal (form-encoded `payload`)' },
      },
      async (request, reply) => {
        const payload = parseJson(formOf(raw(request)).payload ?? '') as SlackInteraction;
        await slack.verify(signed(request, payload.team?.id ?? payload.user?.team_id));
        return answer(reply, await slack.interaction(payload));
      },
    );

    fromSlack.post(
      '/slack/events',
      {
        onRequest: configured,
        schema: { ...described, summary: 'Slack: the Events API (URL check, App Home opened)' },
      },
      async (request, reply) => {
        const body = parseJson(raw(request)) as SlackEventBody;
        await slack.verify(signed(request, body.team_id));
        return answer(reply, await slack.event(body));
      },
    );
  });

  app.get(
    '/slack/link',
    {
      onRequest: configured,
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Whether the caller has a Slack account linked',
        security: bearerSecurity,
        response: { 200: SlackLinkStatusSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => slack.linking.status(currentUser(request)),
  );

  app.delete(
    '/slack/link',
    {
      onRequest: configured,
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Unlink Slack: the Slack account can do nothing more (404 when none is linked)',
        security: bearerSecurity,
        response: { 204: NoContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await slack.linking.revoke(currentUser(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/slack/link-tokens/:token',
    {
      onRequest: configured,
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Whose Slack account a one-time link would link (404 when used, expired or unknown)',
        security: bearerSecurity,
        params: SlackLinkTokenParamsSchema,
        response: { 200: SlackLinkPreviewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => slack.linking.preview(request.params.token),
  );

  app.post(
    '/slack/link-tokens/:token',
    {
      onRequest: configured,
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Link the Slack account of a one-time link to the caller; the link works once',
        security: bearerSecurity,
        params: SlackLinkTokenParamsSchema,
        response: { 200: SlackLinkPreviewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => slack.linking.confirm(currentUser(request), request.params.token),
  );
};
