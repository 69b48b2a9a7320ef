import {
  addDays,
  cafeClock,
  cafeDayOf,
  formatClock,
  WEEK_ORDER,
  type NextOpening,
  type Venue,
  type WeeklyPeriod,
} from '@cafe/shared';
import { formatLocale, i18n } from '@/i18n';
import { formatDay } from './cafe-time';

/*
 * The opening hours in words, on the cafe's clock: the closed page, the cafe menu, the closing
 * notices and the schedule screen all say them the same way.
 */

/** "Cafe" and "Bar" in the interface's language (read when used). */
export const VENUE_NAMES: Readonly<Record<Venue, string>> = {
  get cafe() {
    return i18n._('shared.venue.cafe');
  },
  get bar() {
    return i18n._('shared.venue.bar');
  },
};

/** Made on first use, per language and style (each costs milliseconds to create). */
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** A weekday's name (0 = Sunday) in the interface's language: long "Monday", "วันจันทร์"; short "Mon". */
export function weekdayName(weekday: number, style: 'long' | 'short' = 'long'): string {
  const locale = formatLocale();
  const key = `${locale} ${style}`;
  let format = weekdayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
    weekdayFormats.set(key, format);
  }
  // 22 November 2026 was a Sunday.
  return format.format(Date.UTC(2026, 10, 22 + weekday));
}

/** "9:00" of an instant on the cafe's clock. */
export function cafeTimeOf(instant: Date, timeZone: string): string {
  const { hour, minute } = cafeClock(instant, timeZone);
  return `${hour}:${String(minute).padStart(2, '0')}`;
}

/** When an instant falls, said from `now`: "today", "tomorrow", "Monday" (this week), "on Friday, 25 December 2026". */
export function dayPhrase(instant: Date, now: Date, timeZone: string): string {
  const day = cafeDayOf(instant, timeZone);
  const today = cafeDayOf(now, timeZone);
  if (day === today) return i18n._('shared.day.today');
  if (day === addDays(today, 1)) return i18n._('shared.day.tomorrow');
  for (let ahead = 2; ahead < 7; ahead += 1) {
    if (day === addDays(today, ahead)) return weekdayName(cafeClock(instant, timeZone).weekday);
  }
  return i18n._('shared.day.on', { date: formatDay(day, 'long') });
}

/** "The cafe opens again Monday at 9:00". */
export function openingSentence(opening: NextOpening, now: Date, timeZone: string): string {
  const values = { when: dayPhrase(opening.at, now, timeZone), time: cafeTimeOf(opening.at, timeZone) };
  return opening.venue === 'cafe' ? i18n._('shared.opening.cafe', values) : i18n._('shared.opening.bar', values);
}

const WORKING_DAYS = [1, 2, 3, 4, 5];

/**
 * A venue's week in one line: "Cafe: every working day 9:00 - 16:00" (the specification's words
 * for Monday to Friday alike), else days with the same hours together: "Cafe: Monday - Thursday
 * 9:00 - 16:00, Friday 9:00 - 12:00". "Bar: closed every day" without any period.
 */
export function weeklyHoursLine(venue: Venue, weekly: readonly WeeklyPeriod[]): string {
  const byDay = new Map(weekly.filter((p) => p.venue === venue).map((p) => [p.weekday, p] as const));
  const hours = (weekday: number) => {
    const p = byDay.get(weekday);
    return p ? `${formatClock(p.opens)} - ${formatClock(p.closes)}` : null;
  };
  if (byDay.size === 0) return i18n._('shared.hours.closedEveryDay', { venue: VENUE_NAMES[venue] });
  const first = hours(1);
  if (byDay.size === 5 && first && WORKING_DAYS.every((d) => hours(d) === first)) {
    return i18n._('shared.hours.everyWorkingDay', { venue: VENUE_NAMES[venue], hours: first });
  }
  // Runs of consecutive days (Monday first) with the same hours.
  const runs: { from: number; to: number; hours: string }[] = [];
  WEEK_ORDER.forEach((weekday, i) => {
    const h = hours(weekday);
    const last = runs.at(-1);
    if (h && last && last.hours === h && last.to === WEEK_ORDER[i - 1]) last.to = weekday;
    else if (h) runs.push({ from: weekday, to: weekday, hours: h });
  });
  const days = (run: (typeof runs)[number]) =>
    run.from === run.to
      ? weekdayName(run.from)
      : i18n._('shared.hours.dayRange', { from: weekdayName(run.from), to: weekdayName(run.to) });
  return i18n._('shared.hours.runs', {
    venue: VENUE_NAMES[venue],
    runs: runs.map((run) => `${days(run)} ${run.hours}`).join(', '),
  });
}
