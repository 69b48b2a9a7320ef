import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. Hashed assets are cached for a year; everything else (the page, the
 * service worker /sw.js, the manifest) is checked with the server on every use, so a new build's
 * worker and shell are found at once. The not-found handler (see
 * error-handler) answers other HTML requests outside /api with index.html, so client-side routes
 * survive a reload. The build writes a brotli (.br) and a gzip (.gz) copy beside each text file
 * (apps/web/vite.config.ts): those are sent as they are to a browser that accepts them, with
 * Content-Encoding and Vary: Accept-Encoding, so no request spends CPU compressing the same bytes.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      preCompressed: true,
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
