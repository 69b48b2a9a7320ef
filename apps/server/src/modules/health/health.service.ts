import type { AppBase } from '../../context';
import { pingDatabase } from './health.repository';

/** GET /ready answers within this long: a probe that hangs is as bad as one that fails. */
export const READY_CHECK_MS = 2_000;

export function createHealthService(ctx: AppBase) {
  return {
    /** Whether the database answers now (GET /ready: a load balancer stops sending work when it does not). */
    async databaseAnswers(): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), READY_CHECK_MS);
      });
      const ping = pingDatabase(ctx.db).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([ping, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
