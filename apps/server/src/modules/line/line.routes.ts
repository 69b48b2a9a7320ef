import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../plugins/openapi';
import { platformEndpoint } from '../chat/adapter-kit';
import type { LineService } from './line.service';

const description =
  "Called by LINE, signed with the channel secret (`X-Line-Signature`: base64 HMAC-SHA256 of the raw body): a bad or missing signature, or a body seen before (a replay), gets 401 and nothing is done. A body that is not LINE's JSON is 400; the events are acted on after the answer.";

/** LINE's webhook (docs/api/line.md, docs/line.md): its raw body is what the signature covers; 404 while the channel is not configured. */
export const lineRoutes: FastifyPluginAsyncZod<{ line: LineService }> = async (app, { line }) =>
  platformEndpoint(
    app,
    '/line/webhook',
    {
      configured: () => {
        if (!line.enabled) throw notFound('The LINE channel');
      },
      schema: {
        tags: ['line'],
        summary: "LINE: the Messaging API's webhook (messages, postbacks, follow)",
        description,
        response: { 200: z.object({}), ...errorResponses(400, 401, 404, 413, 503) },
      },
    },
    (body, headers) => {
      const signature = headers['x-line-signature'];
      return line.webhook(body, typeof signature === 'string' ? signature : undefined);
    },
  );
