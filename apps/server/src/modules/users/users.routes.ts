import {
  AvoidsAnswerSchema,
  AvoidsBodySchema,
  HomeSiteBodySchema,
  IdParamsSchema,
  MeSchema,
  PushDisableBodySchema,
  RenameBodySchema,
  SiteSchema,
  UserPatchBodySchema,
  UserSchema,
  UserSearchQuerySchema,
  UserSearchResultSchema,
} from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { bearerSecurity, errorResponses, guardedRoutes, NoContentSchema } from '../../plugins/openapi';
import type { UsersService } from './users.service';

const guarded = guardedRoutes(['users']);

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const service = users;

  app.get(
    '/user/search',
    guarded(requireRole('barista', 'admin'), {
      summary: 'Available people whose name or e-mail holds q (any case), by name, at most 10: for walk-up orders',
      querystring: UserSearchQuerySchema,
      response: { 200: z.array(UserSearchResultSchema), ...errorResponses(400, 401, 403) },
    }),
    async (request) => service.search(request.query.q),
  );

  app.get(
    '/user/me',
    guarded(requireAuth, {
      summary: 'The signed-in user',
      response: { 200: MeSchema, ...errorResponses(401) },
    }),
    async (request) => service.me(currentUser(request)),
  );

  app.patch(
    '/user',
    guarded(requireAuth, {
      summary: 'Rename yourself',
      body: RenameBodySchema,
      response: { 200: UserSchema, ...errorResponses(400, 401) },
    }),
    async (request) => service.rename(currentUser(request), request.body.name),
  );

  app.put(
    '/user/me/avoids',
    guarded(requireAuth, {
      summary: 'Set what you cannot drink (allergens and diet tags of the fixed list): the menu and forms warn you',
      description:
        'A list that is not empty is health data: it needs your consent, recorded before or given here with ' +
        "`consent: true` (recorded, with the wording's version and the time, and in the audit log without the " +
        'list). Without it: 400 `HEALTH_CONSENT_REQUIRED`, nothing saved. An empty list needs none.',
      body: AvoidsBodySchema,
      response: { 200: AvoidsAnswerSchema, ...errorResponses(400, 401) },
    }),
    async (request) => service.setAvoids(currentUser(request), request.body),
  );

  app.delete(
    '/user/me/health-consent',
    guarded(requireAuth, {
      summary: 'Withdraw your consent to keep what you cannot drink: the list is erased with it',
      description:
        'Records the withdrawal (and notes it in the audit log) and erases the stored list, also one saved ' +
        'before consent was asked for. Answers the empty list and the consent as it now is.',
      response: { 200: AvoidsAnswerSchema, ...errorResponses(401) },
    }),
    async (request) => service.withdrawHealthConsent(currentUser(request)),
  );

  app.put(
    '/user/:id/push/disable',
    guarded(requireAuth, {
      summary: 'Turn off push notifications for your own account (at sign-out)',
      params: IdParamsSchema,
      body: PushDisableBodySchema,
      response: { 204: NoContentSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request, reply) => {
      await service.disablePush(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user',
    guarded(requireRole('admin'), {
      summary: 'All users (admin)',
      response: { 200: z.array(UserSchema), ...errorResponses(401, 403) },
    }),
    async () => service.list(),
  );

  app.patch(
    '/user/:id',
    guarded(requireRole('admin'), {
      summary: "Change another user's name, role, availability or team (admin; not your own account)",
      description:
        'team: the team the person belongs to, for cups saved per team (at most 80 characters, trimmed); ' +
        'null or "" takes them out of their team. Each field that changed is one entry of the audit log.',
      params: IdParamsSchema,
      body: UserPatchBodySchema,
      response: {
        200: UserSchema,
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/user/home-site',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['sites'],
        summary: 'Choose the site you order at: the menu, hours, queue and location check follow it',
        security: bearerSecurity,
        body: HomeSiteBodySchema,
        response: { 200: SiteSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => service.setHomeSite(currentUser(request), request.body.siteId),
  );
};
