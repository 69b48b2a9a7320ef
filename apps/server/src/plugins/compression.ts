import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers on the way out (brotli or gzip, as the client accepts) when they are text,
 * JSON or XML of at least COMPRESSION_THRESHOLD_BYTES: menus, order lists, statistics, metrics.
 * The web app's files are compressed once at build time and sent as they are (web-app plugin,
 * preCompressed); an answer that already has a Content-Encoding is left alone, and images (WebP)
 * are not a compressible type. The live channel (/api/socket.io) is answered by Socket.IO before
 * Fastify sees the request, so nothing here touches it. Must be registered before the routes.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      globalCompression: true,
      // Nobody sends us compressed bodies; accepting them would only let a small upload unpack
      // into a large one.
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // Quality 4: most of brotli's gain for a fraction of the CPU of its default 11, which the
      // build-time compression of the web app uses instead.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
