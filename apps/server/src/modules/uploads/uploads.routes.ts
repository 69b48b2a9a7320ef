import multipart from '@fastify/multipart';
import { LIMITS, UploadJsonBodySchema, UploadResultSchema } from '@cafe/shared';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { currentUser, requireAuth } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../plugins/openapi';
import { limitTo } from '../../plugins/security';
import { tooLarge, type UploadsService } from './uploads.service';

/** Uploads a signed-in person may make a minute (each one decodes an image). */
const UPLOADS_PER_MINUTE = 30;

/**
 * JSON gives `file` as a data URL; multipart (fields attached to the body) gives the file part as
 * bytes, or a data URL sent as a plain text field.
 */
const UploadBodySchema = UploadJsonBodySchema.extend({
  file: z.union([
    UploadJsonBodySchema.shape.file,
    z.custom<Buffer>((value) => Buffer.isBuffer(value), { message: 'file is required' }),
  ]),
});

const ImageParamsSchema = z.object({ name: z.string().min(1).max(100) });

/** Requests whose multipart form has been read through (the multipart plugin's hook has run). */
const formsRead = new WeakSet<FastifyRequest>();

/**
 * A form the server could not read is the sender's mistake, not ours: no or a mismatched boundary,
 * a body cut short (the parser throws plain errors for these, which would be a 500), or more parts
 * than one photo needs (the plugin's limits say 413, but nothing was too large). A body past the
 * route's 8 MB is a photo too large, said in the photo's words (the app's error handler words any
 * other route's too-large body without them). Anything else is left to the app's error handler.
 */
function formError(error: FastifyError, request: FastifyRequest): Error | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return badRequest('file: send one photo at a time');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('body: the form has too many fields; send one photo in the field "file"');
    default:
      break;
  }
  const readingForm = request.isMultipart() && !formsRead.has(request);
  if (readingForm && error.statusCode === undefined) {
    return badRequest('body: the multipart form could not be read; send one photo in the field "file"');
  }
  return null;
}

function uploaderKey(request: FastifyRequest): string {
  return request.authUser ? `upload:user:${request.authUser.id}` : `upload:ip:${request.ip}`;
}

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  const service = uploads;

  // Scoped to this plugin: only the upload route parses multipart bodies.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: LIMITS.uploadMaxBytes,
      files: 1,
      fields: 5,
      // A data URL may come as a text field too; the app's body limit (8 MB) bounds it.
      fieldSize: 8 * 1024 * 1024,
    },
  });
  // Runs after the multipart plugin's own preValidation hook, which reads the whole form.
  app.addHook('preValidation', async (request) => {
    formsRead.add(request);
  });
  // Scoped to this plugin; whatever it does not translate goes on to the app's error handler.
  app.setErrorHandler((error: FastifyError, request) => {
    throw formError(error, request) ?? error;
  });

  app.post(
    '/upload/image',
    {
      // Before the body is read: strangers and floods are turned away without buffering 5 MB.
      onRequest: [requireAuth],
      // The app's body limit is small; a photo sent as a data URL needs up to 8 MB.
      bodyLimit: 8 * 1024 * 1024,
      config: limitTo(app.ctx.config.rateLimit ? UPLOADS_PER_MINUTE : Number.MAX_SAFE_INTEGER, '1 minute', uploaderKey),
      schema: {
        tags: ['uploads'],
        summary: 'Upload a tumbler photo (JPEG, PNG, HEIC or HEIF, at most 5 MB)',
        description:
          'JSON `{file: "data:<type>;base64,..."}` or multipart with a `file` field. The type is judged by the bytes. ' +
          'The picture is stored re-encoded as WebP (upright, at most 1280 px, no metadata); the same picture gives the same URL.',
        consumes: ['application/json', 'multipart/form-data'],
        security: bearerSecurity,
        body: UploadBodySchema,
        response: {
          201: UploadResultSchema,
          ...errorResponses(400, 401, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await service.upload(currentUser(request).id, request.body.file);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/images/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A stored image (public, cached for a year: its name is its content hash)',
        params: ImageParamsSchema,
        response: {
          200: z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe('The image bytes (image/webp)'),
          304: z.undefined().describe('Not modified (If-None-Match matched the ETag)'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const image = await service.image(request.params.name);
      reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', image.etag).type(image.mime);
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      return reply.send(image.data);
    },
  );
};
