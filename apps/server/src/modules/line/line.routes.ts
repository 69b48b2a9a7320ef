import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LineService } from './line.service';

/** LINE's webhook and the LIFF page's sign-in (docs/api/line.md). */
export const lineRoutes: FastifyPluginAsyncZod<{ line: LineService }> = async () => {};
