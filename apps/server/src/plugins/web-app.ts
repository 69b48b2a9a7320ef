import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. Hashed assets are cached for a year; the not-found handler (see
 * error-handler) answers other HTML requests outside /api with index.html, so client-side routes
 * survive a reload.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        reply.header(
          'Cache-Control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  },
  { name: 'web-app', dependencies: ['error-handler'] },
);
