import { NotificationSettingsBodySchema, NotificationSettingsSchema, OutboxHealthSchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { errorResponses, guardedRoutes } from '../../plugins/openapi';
import type { NotificationsService } from './notifications.service';

const guarded = guardedRoutes(['notifications']);

/** A person's notification channels, and the outbox's health for admins (docs/notifications.md). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications: service },
) => {
  app.get(
    '/user/notifications',
    guarded(requireAuth, {
      summary: "The caller's notification channels and the language of their messages",
      description:
        'Each channel says whether the company configured it (`available`) and whether the caller chose it ' +
        '(`enabled`). Someone who never chose has Web Push on, the others off, and English.',
      response: { 200: NotificationSettingsSchema, ...errorResponses(401) },
    }),
    (request) => service.settings(currentUser(request)),
  );

  app.put(
    '/user/notifications',
    guarded(requireAuth, {
      summary: 'Choose notification channels and the language of the messages',
      description:
        'Any of `language` (en, th) and the channels `push`, `slack`, `email`, `webhook` (true or false); what is ' +
        'left out stays as it was. Choosing a channel the company did not configure is a 400.',
      body: NotificationSettingsBodySchema,
      response: { 200: NotificationSettingsSchema, ...errorResponses(400, 401) },
    }),
    (request) => service.saveSettings(currentUser(request), request.body),
  );

  app.get(
    '/notifications/outbox',
    guarded(requireRole('admin'), {
      summary: "The notification outbox's health",
      description:
        'Notifications pending (waiting to be sent or tried again) and failed (given up on), per channel and in ' +
        'all, the oldest pending one, and the newest delivery error.',
      response: { 200: OutboxHealthSchema, ...errorResponses(401, 403) },
    }),
    () => service.health(),
  );
};
