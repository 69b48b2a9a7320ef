import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const statsRoutes: FastifyPluginAsyncZod = async () => {};
