import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MemoryCache } from './cache';

/** A JSON answer made once: its text and its entity tag. */
export interface CachedAnswer {
  json: string;
  etag: string;
}

export function toCachedAnswer(value: unknown): CachedAnswer {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/** The answer for `key` from `cache`, made with `load` (already in the contract's shape) when missing. */
export function cachedAnswer<K extends string | number>(
  cache: MemoryCache<K, CachedAnswer>,
  key: K,
  load: () => Promise<unknown>,
): Promise<CachedAnswer> {
  return cache.get(key, async () => toCachedAnswer(await load()));
}

/** Sends a JSON answer already written (a private one: it keeps the API's no-store). */
export function sendJsonText(reply: FastifyReply, answer: CachedAnswer) {
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

/**
 * Sends a public answer that is the same for everyone (the menu, the shop status): browsers may
 * keep it but ask each time whether it changed (`no-cache` + ETag), and get an empty 304 when not.
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  void reply.header('cache-control', 'no-cache').header('etag', answer.etag);
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
