import {
  ErrorBodySchema,
  IdParamsSchema,
  MeSchema,
  PushDisableBodySchema,
  RenameBodySchema,
  UserPatchBodySchema,
  UserSchema,
} from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { createUsersService } from './users.service';

const NoContent = z.null().describe('No content');
const bearer = [{ bearerAuth: [] }];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUsersService(app.ctx);

  app.get(
    '/user/me',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: MeSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => service.me(currentUser(request)),
  );

  app.patch(
    '/user',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['users'],
        summary: 'Rename yourself',
        security: bearer,
        body: RenameBodySchema,
        response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => service.rename(currentUser(request), request.body.name),
  );

  app.put(
    '/user/:id/push/disable',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['users'],
        summary: 'Turn off push notifications for your own account (at sign-out)',
        security: bearer,
        params: IdParamsSchema,
        body: PushDisableBodySchema,
        response: { 204: NoContent, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await service.disablePush(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: 'All users (admin)',
        security: bearer,
        response: { 200: z.array(UserSchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => service.list(),
  );

  app.patch(
    '/user/:id',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: "Change another user's name, role or availability (admin; not your own account)",
        security: bearer,
        params: IdParamsSchema,
        body: UserPatchBodySchema,
        response: {
          200: UserSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );
};
