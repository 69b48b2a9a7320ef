import {
  DisplayLinkCreateBodySchema,
  DisplayLinkCreatedSchema,
  DisplayLinkParamsSchema,
  DisplayLinkSchema,
  DisplayTokenHeadersSchema,
  DisplayTokenParamsSchema,
  PickupBoardSchema,
  SiteParamsSchema,
} from '@cafe/shared';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../plugins/auth';
import { errorResponses, guardedRoutes } from '../../plugins/openapi';
import { limitTo } from '../../plugins/security';
import type { SitesService } from '../sites/sites.service';
import type { DisplayService } from './display.service';

const tags = ['display'];
const guarded = guardedRoutes(tags);

/** Reads of one address a minute: a screen reads once when it opens and once after each reconnect. */
const READS_PER_MINUTE = 120;

/** Pickup screens (docs/api/pickup-screen.md): a site's display links, and the screen's one read. */
export const displayRoutes: FastifyPluginAsyncZod<{ display: DisplayService; sites: SitesService }> = async (
  app,
  { display, sites },
) => {
  const staffOnly = requireRole('barista', 'admin');
  const readLimit: FastifyContextConfig = app.ctx.config.rateLimit ? limitTo(READS_PER_MINUTE, '1 minute') : {};

  app.get(
    '/sites/:siteId/displays',
    guarded(staffOnly, {
      summary: "A site's pickup screen links, newest first, revoked ones too (never their tokens)",
      description: 'For the baristas of the site and admins; a barista of another site gets 403.',
      params: SiteParamsSchema,
      response: { 200: z.array(DisplayLinkSchema), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const site = await sites.forStaff(currentUser(request), request.params.siteId);
      return display.list(site.id);
    },
  );

  app.post(
    '/sites/:siteId/displays',
    guarded(staffOnly, {
      summary: 'Make a pickup screen link for the site; the answer carries its token, this once',
      description:
        'The token is 32 random bytes (base64url); the server keeps only its sha256. The screen opens ' +
        '`PUBLIC_URL/pickup/{token}`. Audited as `site.display.create`.',
      params: SiteParamsSchema,
      body: DisplayLinkCreateBodySchema,
      response: { 201: DisplayLinkCreatedSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const user = currentUser(request);
      const site = await sites.forStaff(user, request.params.siteId);
      return reply.status(201).send(await display.create(user, site.id, request.body));
    },
  );

  app.post(
    '/sites/:siteId/displays/:displayId/revoke',
    guarded(staffOnly, {
      summary: 'Revoke a pickup screen link: its reads answer 404 and its live connections end at once',
      description: 'Revoking a revoked link changes nothing. Audited as `site.display.revoke`.',
      params: DisplayLinkParamsSchema,
      response: { 200: DisplayLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const user = currentUser(request);
      const site = await sites.forStaff(user, request.params.siteId);
      return display.revoke(user, site.id, request.params.displayId);
    },
  );

  app.get(
    '/display',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "What a pickup screen shows, its link's token in the X-Display-Token header (no sign-in)",
        description:
          'The same answer as `GET /display/{token}`, for screens whose link carries the token in its fragment ' +
          '(`PUBLIC_URL/pickup#{token}`): the token then reaches neither an address nor a log. A token that is ' +
          'unknown or revoked answers 404.',
        headers: DisplayTokenHeadersSchema,
        response: { 200: PickupBoardSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return display.board(request.headers['x-display-token']);
    },
  );

  app.get(
    '/display/:token',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "What a pickup screen shows: its site's orders being prepared and ready (no sign-in)",
        description:
          'Numbers, and a first name and initial when the site says so; nothing else of an order. A token that ' +
          'is unknown or revoked answers 404.',
        params: DisplayTokenParamsSchema,
        response: { 200: PickupBoardSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      // The screen asks again after each reconnect; a stale copy would hide a move.
      void reply.header('cache-control', 'no-store');
      return display.board(request.params.token);
    },
  );
};
