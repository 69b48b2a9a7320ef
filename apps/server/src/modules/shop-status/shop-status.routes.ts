import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const shopStatusRoutes: FastifyPluginAsyncZod = async () => {};
