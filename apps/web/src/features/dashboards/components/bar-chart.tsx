import { useLingui } from '@lingui/react';
import { useId } from 'react';

export interface ChartBar {
  key: string | number;
  /** Short text under the bar ("9", "Mon"); empty to leave the axis quiet. */
  axisLabel: string;
  /** Full name for the text alternative ("09:00-10:00", "Monday"). */
  name: string;
  value: number;
}

interface BarChartProps {
  title: string;
  bars: readonly ChartBar[];
  /** One sentence a screen reader hears for the whole chart. */
  summary: string;
  /** The heading of the values' column; "Orders" by default. */
  valueHeading?: string;
}

/**
 * A small hand-drawn bar chart (CSS only, no chart library). The drawing is hidden from assistive
 * technology; a visually hidden table carries the same numbers.
 */
export function BarChart({ title, bars, summary, valueHeading }: BarChartProps) {
  const { _ } = useLingui();
  const titleId = useId();
  const max = Math.max(0, ...bars.map((b) => b.value));
  return (
    <figure aria-labelledby={titleId} className="card p-4">
      <figcaption id={titleId} className="font-semibold">
        {title}
      </figcaption>
      <p className="mt-1 text-sm text-[var(--ink-muted)]">{summary}</p>
      <div aria-hidden="true" className="mt-3 flex h-36 items-end gap-[2px] border-b border-[var(--border)] sm:gap-1">
        {bars.map((bar) => (
          <div
            key={bar.key}
            className="flex h-full min-w-0 flex-1 flex-col items-center justify-end"
            title={`${bar.name}: ${bar.value}`}
          >
            {bar.value > 0 ? (
              <span className="mb-0.5 text-[10px] leading-none text-[var(--ink-muted)] tabular-nums">{bar.value}</span>
            ) : null}
            <div
              className="w-full rounded-t bg-[var(--accent)]"
              style={{ height: max > 0 ? `${Math.max((bar.value / max) * 85, bar.value > 0 ? 2 : 0)}%` : '0%' }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-[2px] sm:gap-1">
        {bars.map((bar) => (
          <span key={bar.key} className="min-w-0 flex-1 text-center text-[10px] text-[var(--ink-muted)] sm:text-xs">
            {bar.axisLabel}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{_('dashboards.chart.when')}</th>
            <th scope="col">{valueHeading ?? _('dashboards.column.orders')}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.name}</th>
              <td>{bar.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
