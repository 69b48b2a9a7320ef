import type { Run, RunCup } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { useHomeTimeZone } from '@/api/sites';
import { formatPickupTime } from '@/lib/cafe-time';

/**
 * Where a run's drink is served: the person's own tumbler (its photo, as for any cafe order) or
 * the runner's tray, which needs no photo.
 */
export function RunCupField({ value, onChange }: { value: RunCup; onChange: (cup: RunCup) => void }) {
  const { _ } = useLingui();
  const id = useId();
  const choices: { cup: RunCup; label: string }[] = [
    { cup: 'tumbler', label: _('order.run.cupTumbler') },
    { cup: 'tray', label: _('order.run.cupTray') },
  ];
  return (
    <fieldset>
      <legend className="label">{_('order.run.cup')}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {choices.map(({ cup, label }) => (
          <label key={cup} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              className="h-6 w-6 shrink-0 accent-[var(--accent)]"
              name={`${id}-cup`}
              value={cup}
              checked={value === cup}
              onChange={() => onChange(cup)}
            />
            {label}
          </label>
        ))}
      </div>
      {value === 'tray' ? <p className="text-sm text-[var(--ink-muted)]">{_('order.run.cupTrayHint')}</p> : null}
    </fieldset>
  );
}

/** A run's drink is ready with the run: its pickup time is the run's, not a choice. */
export function RunPickupLine({ run }: { run: Run }) {
  const { _ } = useLingui();
  const timeZone = useHomeTimeZone();
  return (
    <div>
      <p className="label">{_('order.pickup.label')}</p>
      <p className="inline-flex items-center gap-2 font-semibold">
        <CalendarClock aria-hidden="true" className="h-4 w-4 shrink-0" />
        {_('order.run.fixedPickup', { time: formatPickupTime(run.pickupAt, timeZone), place: run.place })}
      </p>
    </div>
  );
}
