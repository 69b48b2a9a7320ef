import type { OrdersByHourRow, OrdersByWeekdayRow, PreparationTime } from '@cafe/shared';
import type { ChartBar } from '@/features/dashboards/components/bar-chart';

const pad = (n: number) => n.toString().padStart(2, '0');
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 24 bars, one per hour; every third hour is labelled on the axis. */
export function hourBars(rows: readonly OrdersByHourRow[]): ChartBar[] {
  const byHour = new Map(rows.map((r) => [r.hour, r.totalOrder]));
  return Array.from({ length: 24 }, (_, hour) => ({
    key: hour,
    axisLabel: hour % 3 === 0 ? String(hour) : '',
    name: `${pad(hour)}:00-${pad((hour + 1) % 24)}:00`,
    value: byHour.get(hour) ?? 0,
  }));
}

/** 7 bars, Monday first (the cafe's week starts on Monday). */
export function weekdayBars(rows: readonly OrdersByWeekdayRow[]): ChartBar[] {
  const byDay = new Map(rows.map((r) => [r.weekday, r.totalOrder]));
  return [1, 2, 3, 4, 5, 6, 0].map((weekday) => {
    const name = WEEKDAYS[weekday] ?? '';
    return { key: weekday, axisLabel: name.slice(0, 3), name, value: byDay.get(weekday) ?? 0 };
  });
}

/** "Busiest: Monday with 5 orders." or the empty sentence. */
export function busiestSummary(bars: readonly ChartBar[], empty: string): string {
  let top: ChartBar | undefined;
  for (const bar of bars) if (bar.value > 0 && (!top || bar.value > top.value)) top = bar;
  if (!top) return empty;
  return `Busiest: ${top.name} with ${top.value} ${top.value === 1 ? 'order' : 'orders'}.`;
}

/** "3 min 20 s", "45 s", "1 h 2 min". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

export function preparationText(data: PreparationTime): { value: string; detail: string } {
  if (data.averageSeconds === null || data.samples === 0) {
    return { value: '-', detail: 'No finished orders in this period' };
  }
  return {
    value: formatDuration(data.averageSeconds),
    detail: `over ${data.samples} ${data.samples === 1 ? 'order' : 'orders'}`,
  };
}
