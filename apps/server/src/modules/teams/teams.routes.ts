import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TeamsService } from './teams.service';

/** The Teams bot's messaging endpoint (docs/api/teams.md). */
export const teamsRoutes: FastifyPluginAsyncZod<{ teams: TeamsService }> = async () => {};
