/**
 * A countdown to a deadline the server gave (a tumbler marked not here: the board's ticket and the
 * owner's phone show the same one).
 */

/** Whole seconds left until `deadline` (ISO) at `now` (ms), never below 0; 0 for a date it cannot read. */
export function secondsLeft(deadline: string, now: number): number {
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** A countdown as a clock shows it: "4:12", "0:05". */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * What a screen reader is told of a countdown: whole minutes, rounded up, so a polite live region
 * changes once a minute and not every second.
 */
export function spokenMinutesLeft(seconds: number): number {
  return Math.ceil(Math.max(0, seconds) / 60);
}
