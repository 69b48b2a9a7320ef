import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const ordersRoutes: FastifyPluginAsyncZod = async () => {};
