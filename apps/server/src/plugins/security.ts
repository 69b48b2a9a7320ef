import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers with a CSP the web app passes, and the rate limiter (enabled per route). */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // The Web Push service worker (/sw.js) is a script of this origin.
          workerSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: app.ctx.config.nodeEnv === 'production',
    });
    await app.register(rateLimit, {
      global: false,
      // Rate limiting may be switched off for load tests; it is on by default.
      max: app.ctx.config.rateLimit ? 1000 : Number.MAX_SAFE_INTEGER,
      timeWindow: '1 minute',
    });
  },
  { name: 'security', dependencies: ['error-handler'] },
);

/** Route option for a rate-limited route; the key defaults to the client address. */
export function limitTo(max: number, timeWindow: string, keyGenerator?: (request: FastifyRequest) => string) {
  return { rateLimit: { max, timeWindow, ...(keyGenerator ? { keyGenerator } : {}) } };
}
