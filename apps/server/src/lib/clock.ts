/** The server's notion of "now". Tests may start it at a fixed instant (CLOCK_NOW); it runs on from there. */
export interface Clock {
  now(): Date;
  /** Only on a clock started at a fixed instant (tests): it runs on from `instant`. */
  set?(instant: Date): void;
}

export function createClock(startAt?: Date): Clock {
  if (!startAt) return { now: () => new Date() };
  let offset = startAt.getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    set(instant) {
      offset = instant.getTime() - Date.now();
    },
  };
}

/** The bus topic a test server publishes when its clock is set (plugins/test-clock.ts): every due timer runs again. */
export const CLOCK_TOPIC = 'clock';
