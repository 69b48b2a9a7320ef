import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { databaseRateLimitStore } from './rate-limit-store';
import { apiHeaders, inlineScriptHashes, isLiffPage, LIFF_PAGE_SOURCES, pageHeaders } from './security-headers';

/** Whether a URL is an API answer rather than a page (the interactive API docs are pages). */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Security headers (worked out once) with a CSP the web app passes, and the rate limiter (enabled
 * per route). `page`: the web app's index.html, when it is served (its inline scripts are allowed
 * by their hashes).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { page?: string | null }) => {
    const production = app.ctx.config.nodeEnv === 'production';
    // API answers carry tokens and personal data (profiles, orders, names): no browser or proxy
    // may keep them. The few public, cacheable answers (settings, images) set their own.
    const api = { ...apiHeaders(production), 'cache-control': 'no-store' };
    const hashes = options.page ? inlineScriptHashes(options.page) : [];
    const page = pageHeaders(production, hashes);
    // The LIFF page loads LINE's SDK: its HTML alone allows LINE's origins.
    const liffPage = pageHeaders(production, hashes, LIFF_PAGE_SOURCES);
    app.addHook('onRequest', (request, reply, done) => {
      void reply.headers(isApiAnswer(request.url) ? api : isLiffPage(request.url) ? liffPage : page);
      done();
    });
    await app.register(rateLimit, {
      global: false,
      // Rate limiting may be switched off for load tests; it is on by default.
      max: app.ctx.config.rateLimit ? 1000 : Number.MAX_SAFE_INTEGER,
      timeWindow: '1 minute',
      // Counters live in the database: shared by every process and kept across restarts.
      store: databaseRateLimitStore(app.ctx.db).store,
    });
  },
  { name: 'security', dependencies: ['error-handler'] },
);

/** Route option for a rate-limited route; the key defaults to the client address. */
export function limitTo(max: number, timeWindow: string, keyGenerator?: (request: FastifyRequest) => string) {
  return { rateLimit: { max, timeWindow, ...(keyGenerator ? { keyGenerator } : {}) } };
}
