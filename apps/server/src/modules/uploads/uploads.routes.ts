import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const uploadsRoutes: FastifyPluginAsyncZod = async () => {};
