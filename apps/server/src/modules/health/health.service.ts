import type { AppContext } from '../../context';
import { pingDatabase } from './health.repository';

export function createHealthService(ctx: AppContext) {
  return {
    /** Whether the database answers now (GET /ready: a load balancer stops sending work when it does not). */
    async databaseAnswers(): Promise<boolean> {
      try {
        await pingDatabase(ctx.db);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
