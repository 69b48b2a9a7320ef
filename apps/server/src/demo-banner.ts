import { HOURS, isFridayCafeCutoff, MESSAGES, nextOpening, type OpeningRules, type Venue } from '@cafe/shared';
import { zonedText } from './lib/readable-log';

export interface DemoBannerInput {
  now: Date;
  /** The first site's zone and its shop status now. */
  timeZone: string;
  status: { isCafeOpen: boolean; isBarOpen: boolean };
  /** Its opening hours (null when OPENING_HOURS=off: nothing opens by itself). */
  rules: OpeningRules | null;
  barOnlineOrdering: boolean;
  locationCheck: boolean;
  /** The demo user's e-mail. */
  userEmail: string;
  /** CLOCK_NOW: the server's clock started there. */
  clockNow?: Date;
}

/**
 * What a demo's start says under the accounts: the time at the cafe, whether the cafe and the bar
 * are open and when they open next, why the cafe menu is closed on a Friday afternoon, and how to
 * order a drink now. Worked out from the site as it is at the start, so a start on any day says
 * what the newcomer will see (docs/decisions/0076-prep-times-and-first-try.md).
 */
export function demoBanner(input: DemoBannerInput): string[] {
  const { now, timeZone, status } = input;
  const opensNext = (venue: Venue) => {
    const next = input.rules ? nextOpening(input.rules, now, timeZone, venue) : null;
    return next ? `it opens next ${zonedText(next.at, timeZone)}` : 'it opens when a barista opens it';
  };
  const fridayCutoff = isFridayCafeCutoff(now, timeZone);
  const cutoff = `${String(HOURS.fridayCafeCutoffHour).padStart(2, '0')}:00`;
  const lines = [`Demo mode (DEMO=on): it is ${zonedText(now, timeZone)} at the cafe.`];
  if (input.clockNow) {
    lines.push(
      `  The server's clock started at ${zonedText(input.clockNow, timeZone)} (CLOCK_NOW); browsers keep their own.`,
    );
  }
  if (fridayCutoff) {
    lines.push(
      `  Cafe: its menu is closed from ${cutoff} on Fridays (the menu says "${MESSAGES.fridayCafeClosed}"); ${opensNext('cafe')}.`,
    );
  } else if (status.isCafeOpen) {
    lines.push('  Cafe: open now (a demo opens it on its first start so ordering can be tried at once).');
  } else {
    lines.push(`  Cafe: closed now; ${opensNext('cafe')}.`);
  }
  const barOrdering = input.barOnlineOrdering
    ? 'takes orders online (a demo does; BAR_ONLINE_ORDERING=off turns it off)'
    : 'takes no orders online (BAR_ONLINE_ORDERING=off)';
  if (status.isBarOpen) {
    lines.push(
      `  Bar: open now${fridayCutoff ? ' (a demo opens it on a first start on a Friday afternoon)' : ''}, and ${barOrdering}.`,
    );
  } else {
    lines.push(`  Bar: closed now; ${opensNext('bar')}.`);
  }
  const signIn = `sign in as ${input.userEmail}`;
  if (status.isCafeOpen && !fridayCutoff) {
    lines.push(`  To try ordering now: ${signIn} and choose a drink on the cafe menu.`);
  } else if (status.isBarOpen && input.barOnlineOrdering) {
    lines.push(`  To try ordering now: ${signIn} and choose a drink on the bar menu.`);
  } else {
    lines.push(
      '  To try ordering now: start once with a new DATA_DIR (the demo opens a venue a drink can be ordered from), ' +
        `or sign in as the barista and open the ${fridayCutoff ? 'bar' : 'cafe'} on the order board.`,
    );
  }
  lines.push(`The location check is ${input.locationCheck ? 'on' : 'off (LOCATION_CHECK=on turns it on)'}.`);
  return lines;
}
