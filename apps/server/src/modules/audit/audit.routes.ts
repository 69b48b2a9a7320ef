import { AuditFilterSchema, AuditPageSchema, AuditQuerySchema } from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth';
import { errorResponses, guardedRoutes } from '../../plugins/openapi';
import type { AuditService } from './audit.service';

const guarded = guardedRoutes(['audit']);

const FILTERS =
  '`action` keeps the actions that start with it (`menu`, `user.role`), `actorId` the changes one person made, ' +
  "`from` and `to` the cafe days between them, both included (the first site's time zone, as `GET /settings`).";

/**
 * The audit log (docs/api.md, "Audit log"): admins read and export it. Nothing here edits or removes
 * an entry; the services add them as the changes happen.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit: service }) => {
  const admin = requireRole('admin');

  app.get(
    '/audit',
    guarded(admin, {
      summary: 'Administrative actions, a page at a time, newest first: who, what, when, before and after',
      description:
        `Newest \`at\` first (ties: higher id first). ${FILTERS} Pass nextCursor back as cursor for the next ` +
        'page; it is null on the last page (keyset pages: entries added meanwhile never repeat one).',
      querystring: AuditQuerySchema,
      response: { 200: AuditPageSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request) => service.list(request.query),
  );

  app.get(
    '/audit/export',
    guarded(admin, {
      summary: 'Every entry of the audit log (or the filtered ones) as a CSV download',
      description:
        `${FILTERS} Columns at, actor, action, target, site, before, after (before and after as JSON); a cell ` +
        'that starts with = + - @ starts with an apostrophe, so a spreadsheet never reads it as a formula.',
      querystring: AuditFilterSchema,
      produces: ['text/csv'],
      response: {
        200: z.string().describe('text/csv; charset=utf-8, as the attachment audit-log.csv'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (request, reply) => {
      const csv = await service.exportCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
};
