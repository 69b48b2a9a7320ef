import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../plugins/openapi';
import type { LineService } from './line.service';

/** LINE's webhook bodies are small (a few events); a larger body is not LINE's. */
const LINE_BODY_LIMIT = 256 * 1024;

/** LINE's webhook (docs/api/line.md, docs/line.md): 404 while the channel is not configured. */
export const lineRoutes: FastifyPluginAsyncZod<{ line: LineService }> = async (app, { line }) => {
  // The raw body is what the signature covers: kept as text (this scope only), whatever its type.
  await app.register(async (fromLine) => {
    fromLine.removeAllContentTypeParsers();
    fromLine.addContentTypeParser('*', { parseAs: 'string', bodyLimit: LINE_BODY_LIMIT }, (_, body, done) =>
      done(null, body),
    );
    const description =
      "Called by LINE, signed with the channel secret (`X-Line-Signature`: base64 HMAC-SHA256 of the raw body): a bad or missing signature, or a body seen before (a replay), gets 401 and nothing is done. A body that is not LINE's JSON is 400; the events are acted on after the answer.";
    fromLine.post(
      '/line/webhook',
      {
        onRequest: async () => {
          if (!line.enabled) throw notFound('The LINE channel');
        },
        schema: {
          tags: ['line'],
          summary: "LINE: the Messaging API's webhook (messages, postbacks, follow)",
          description,
          response: { 200: z.object({}), ...errorResponses(400, 401, 404, 413, 503) },
        },
      },
      async (request) => {
        const signature = request.headers['x-line-signature'];
        const rawBody = typeof request.body === 'string' ? request.body : '';
        return line.webhook(rawBody, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
};
