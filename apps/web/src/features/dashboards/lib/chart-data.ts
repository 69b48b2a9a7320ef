import type { TimesByHourRow, OrdersByHourRow, OrdersByWeekdayRow, PreparationTime } from '@cafe/shared';
import { i18n } from '@/i18n';
import { weekdayName } from '@/lib/opening-hours';
import type { ChartBar } from '@/features/dashboards/components/bar-chart';

const pad = (n: number) => n.toString().padStart(2, '0');

/** An hour of the day for people: "09:00-10:00". */
export const hourName = (hour: number) => `${pad(hour)}:00-${pad((hour + 1) % 24)}:00`;

/** 24 bars, one per hour; every third hour is labelled on the axis. */
function hourly(valueAt: (hour: number) => number): ChartBar[] {
  return Array.from({ length: 24 }, (_, hour) => ({
    key: hour,
    axisLabel: hour % 3 === 0 ? String(hour) : '',
    name: hourName(hour),
    value: valueAt(hour),
  }));
}

/** Served orders by hour. */
export function hourBars(rows: readonly OrdersByHourRow[]): ChartBar[] {
  const byHour = new Map(rows.map((r) => [r.hour, r.totalOrder]));
  return hourly((hour) => byHour.get(hour) ?? 0);
}

/** 7 bars, Monday first (the cafe's week starts on Monday). */
export function weekdayBars(rows: readonly OrdersByWeekdayRow[]): ChartBar[] {
  const byDay = new Map(rows.map((r) => [r.weekday, r.totalOrder]));
  return [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({
    key: weekday,
    axisLabel: weekdayName(weekday, 'short'),
    name: weekdayName(weekday, 'long'),
    value: byDay.get(weekday) ?? 0,
  }));
}

/** "Busiest: Monday with 5 orders." or the empty sentence. */
export function busiestSummary(bars: readonly ChartBar[], empty: string): string {
  let top: ChartBar | undefined;
  for (const bar of bars) if (bar.value > 0 && (!top || bar.value > top.value)) top = bar;
  if (!top) return empty;
  return i18n._('dashboards.chart.busiest', { name: top.name, count: top.value });
}

/** "3 min 20 s", "45 s", "1 h 2 min". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  if (seconds < 60) return i18n._('dashboards.duration.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    return seconds % 60 === 0
      ? i18n._('dashboards.duration.minutes', { minutes })
      : i18n._('dashboards.duration.minutesSeconds', { minutes, seconds: seconds % 60 });
  }
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0
    ? i18n._('dashboards.duration.hours', { hours })
    : i18n._('dashboards.duration.hoursMinutes', { hours, minutes: minutes % 60 });
}

export function preparationText(data: PreparationTime): { value: string; detail: string } {
  if (data.averageSeconds === null || data.samples === 0) {
    return { value: '-', detail: i18n._('dashboards.preparation.none') };
  }
  return {
    value: formatDuration(data.averageSeconds),
    detail: i18n._('dashboards.preparation.over', { count: data.samples }),
  };
}

/** An average time by hour, in whole minutes (hours with nothing measured are empty). */
export function timeBars(
  rows: readonly TimesByHourRow[],
  field: 'averageWaitSeconds' | 'averagePrepSeconds',
): ChartBar[] {
  const byHour = new Map(rows.map((r) => [r.hour, r[field]]));
  return hourly((hour) => Math.round((byHour.get(hour) ?? 0) / 60));
}

/** The hour with the longest average wait or preparation, for the chart's text alternative. */
export function longestSummary(bars: readonly ChartBar[], what: 'wait' | 'preparation'): string {
  const top = bars.reduce<ChartBar | null>((best, bar) => (bar.value > (best?.value ?? 0) ? bar : best), null);
  if (!top) {
    return what === 'wait' ? i18n._('dashboards.times.waitNone') : i18n._('dashboards.times.preparationNone');
  }
  const values = { name: top.name, count: top.value };
  return what === 'wait'
    ? i18n._('dashboards.times.waitLongest', values)
    : i18n._('dashboards.times.preparationLongest', values);
}
