import type { PrivacyPolicy } from '@cafe/shared';
import type { AppBase } from '../../context';
import { startDueTimer, type DueTimer } from '../../lib/due-timer';
import { iso } from '../../lib/time';
import {
  claimCleanup,
  deleteExpiredSessions,
  deleteOldNotifications,
  deleteUnneededPhotos,
} from './retention.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the bus carries when stored images were deleted: every process forgets the ones it knew. */
import { IMAGES_REMOVED_TOPIC } from '../../lib/image-url';

export { IMAGES_REMOVED_TOPIC };

export interface CleanupOutcome {
  photos: number;
  notifications: number;
  sessions: number;
}

/**
 * Personal data is kept only as long as docs/privacy.md says: a clean-up once a day, in one of the
 * server processes, deletes what is past its time. The privacy page is made from the same settings.
 */
export function createRetentionService(ctx: AppBase) {
  const { db, clock, log, bus } = ctx;
  const { photoDays, notificationDays } = ctx.config.retention;
  let timer: DueTimer | undefined;

  /** Deletes everything past its time at `now`; safe to run again (it finds nothing more). */
  async function purge(now: Date): Promise<CleanupOutcome> {
    const photos = await deleteUnneededPhotos(db, iso(new Date(now.getTime() - photoDays * DAY_MS)));
    // Every process checks an order's photo against the names it has seen: they forget them.
    if (photos.length > 0) bus.publish(IMAGES_REMOVED_TOPIC, photos.length);
    const notifications = await deleteOldNotifications(db, iso(new Date(now.getTime() - notificationDays * DAY_MS)));
    const sessions = await deleteExpiredSessions(db, iso(now));
    return { photos: photos.length, notifications, sessions };
  }

  /** Today's clean-up (UTC day), when no process has done it yet; null when one had. */
  async function runDaily(now: Date = clock.now()): Promise<CleanupOutcome | null> {
    const day = iso(now).slice(0, 10);
    if (!(await claimCleanup(db, `retention:${day}`, iso(now)))) return null;
    const outcome = await purge(now);
    log.info(outcome, 'retention: deleted what was past its time');
    return outcome;
  }

  return {
    purge,
    runDaily,

    /** What the privacy page says is kept and for how long (GET /privacy). */
    policy(): PrivacyPolicy {
      return {
        photoDays,
        notificationDays,
        sessionDays: Math.round(ctx.config.refreshTokenTtlSeconds / 86_400),
        singleSignOn: ctx.config.singleSignOn !== null,
        channels: {
          slack: ctx.config.notifications.slack !== null,
          email: ctx.config.notifications.email !== null,
          webhook: ctx.config.notifications.webhook !== null,
        },
      };
    },

    /** The daily clean-up of this process: now, then after each UTC midnight (checked every hour). */
    start(): void {
      timer ??= startDueTimer({
        now: () => clock.now(),
        maxPauseMs: 60 * 60 * 1000,
        retryMs: 60_000,
        bus,
        wakeOn: [],
        onError: (error) => log.warn({ err: error }, 'retention: the clean-up failed; trying again shortly'),
        async run() {
          const now = clock.now();
          await runDaily(now);
          const next = new Date(now);
          next.setUTCHours(24, 0, 30, 0);
          return next;
        },
      });
    },

    async stop(): Promise<void> {
      await timer?.stop();
      timer = undefined;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
