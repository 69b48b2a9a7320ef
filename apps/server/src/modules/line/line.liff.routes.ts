import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LineLiff } from './line.liff';

/** The LIFF page's sign-in (docs/api/line.md): its LIFF app id, and a session for a linked LINE account. */
export const lineLiffRoutes: FastifyPluginAsyncZod<{ lineLiff: LineLiff }> = async () => {};
