import { AccountExportSchema, DeleteOwnAccountBodySchema, IdParamsSchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { errorResponses, guardedRoutes, NoContentSchema } from '../../plugins/openapi';
import type { AccountService } from './account.service';

const guarded = guardedRoutes(['account']);

/** A person's data: the download of all of it, and deleting the account (docs/privacy.md). */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account: service }) => {
  app.get(
    '/user/me/export',
    guarded(requireAuth, {
      summary: 'Everything the cafe holds about the caller, as one JSON file',
      description:
        'The account, the orders with their options and history, the photos (as data URLs), the notification ' +
        'settings and the notifications written, the browsers subscribed to push, and the sign-ins. Sent as a ' +
        'download (`Content-Disposition: attachment`).',
      response: { 200: AccountExportSchema, ...errorResponses(401) },
    }),
    async (request, reply) => {
      const data = await service.export(currentUser(request));
      void reply
        .header('content-disposition', `attachment; filename="cafe-data-${data.account.id}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/user/me',
    guarded(requireAuth, {
      summary: "Delete the caller's account",
      description:
        '`confirm` must be the caller\'s e-mail address. The orders stay in the statistics under "Deleted person", ' +
        'without their remark or photo; the photos, push subscriptions, notification settings and sessions go, ' +
        'and the account can no longer sign in. 409 `ACCOUNT_HAS_OPEN_ORDERS` while an order is waiting or being made.',
      body: DeleteOwnAccountBodySchema,
      response: { 204: NoContentSchema, ...errorResponses(400, 401, 409) },
    }),
    async (request, reply) => {
      await service.deleteOwn(currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/user/:id',
    guarded(requireRole('admin'), {
      summary: "Delete someone's account (an admin, for someone who left)",
      description: "As `DELETE /user/me`, without the confirmation; not the caller's own account (403).",
      params: IdParamsSchema,
      response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      await service.deleteOther(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
