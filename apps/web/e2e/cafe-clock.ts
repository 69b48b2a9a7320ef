import { isFridayCafeCutoff } from '@cafe/shared';

/**
 * The moment the browser tests run at, in one place. The demo cafe (Bangkok) refuses cafe orders
 * from 12:00 on a Friday, and its screens say so. A run that starts on a Friday from 10:30 on
 * (one that would reach 12:00 before it ends, or has already) runs the two Bangkok servers' clocks
 * (CLOCK_NOW) and every browser's clock of theirs from 10:00 of the same cafe day instead, so that
 * the specs order on the same day, and server and browser agree on the moment. Computed once,
 * where the configuration is first read, and handed to the workers in the environment: every
 * process of the run shifts by the same amount (0 at any other moment).
 */
const SHIFT_ENV = 'E2E_CLOCK_SHIFT_MS';

/** How long before the cut-off a run starts from 10:00 instead: longer than a run on a busy machine. */
const RUN_MARGIN_MS = 90 * 60_000;

function shiftFrom(now: Date): number {
  const closedBy = (instant: Date) => isFridayCafeCutoff(instant, 'Asia/Bangkok');
  if (!closedBy(now) && !closedBy(new Date(now.getTime() + RUN_MARGIN_MS))) return 0;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(now);
  // Bangkok keeps UTC+7 all year.
  const start = new Date(`${day}T10:00:00+07:00`).getTime();
  return Math.min(0, start - now.getTime());
}

process.env[SHIFT_ENV] ??= String(shiftFrom(new Date()));

/** How far the run's clock is from the machine's, in milliseconds: 0 but on a Friday afternoon. */
export const CLOCK_SHIFT_MS = Number(process.env[SHIFT_ENV]);

/** The run's moment: the machine's, shifted as above. */
export const cafeNow = () => new Date(Date.now() + CLOCK_SHIFT_MS);
