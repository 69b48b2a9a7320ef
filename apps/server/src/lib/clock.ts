/** The server's notion of "now". Tests may start it at a fixed instant (CLOCK_NOW); it runs on from there. */
export interface Clock {
  now(): Date;
}

export function createClock(startAt?: Date): Clock {
  if (!startAt) return { now: () => new Date() };
  const offset = startAt.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}
