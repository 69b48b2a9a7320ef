import type { Slot } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { ErrorState } from '@/components/ui';
import { useHomeSite, useHomeTimeZone } from '@/api/sites';
import { useSlots } from '@/api/slots';
import { formatCafeTime, formatDay } from '@/lib/cafe-time';

interface PickupFieldProps {
  /** The slot's start (ISO) when ordering for later; undefined: as soon as possible. */
  value: string | undefined;
  onChange: (pickupAt: string | undefined) => void;
}

/** Few places left in a slot: say how many. */
const FEW_LEFT = 3;

/**
 * "As soon as possible" or a pickup time: the slots of the person's site (its time, as the server
 * lists them: full ones and those too soon are not offered), with when the drink will really be
 * ready where the line makes a slot late ("11:30 — ready about 11:42"). The server checks the slot again.
 */
export function PickupField({ value, onChange }: PickupFieldProps) {
  const { _ } = useLingui();
  const id = useId();
  const site = useHomeSite().site;
  const homeTimeZone = useHomeTimeZone();
  const later = value !== undefined;
  const slots = useSlots(site?.id, 'cafe', true);
  const list = slots.data?.slots ?? [];
  const timeZone = slots.data?.timeZone ?? homeTimeZone;
  const days = [...new Set(list.map((s) => s.day))];
  // The honest time: when the line makes a slot late, when the drink will really be ready.
  const label = (slot: Slot) => {
    const ready = slot.readyAt ? formatCafeTime(slot.readyAt, timeZone) : '';
    const few = slot.remaining <= FEW_LEFT;
    if (ready)
      return few
        ? _('order.pickup.slotReadyAtFew', { time: slot.time, ready, count: slot.remaining })
        : _('order.pickup.slotReadyAt', { time: slot.time, ready });
    return few ? _('order.pickup.slotFew', { time: slot.time, count: slot.remaining }) : slot.time;
  };

  return (
    <fieldset>
      <legend className="label">{_('order.pickup.label')}</legend>
      <div className="flex flex-wrap gap-4">
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            className="h-6 w-6 shrink-0 accent-[var(--accent)]"
            name={`${id}-when`}
            checked={!later}
            onChange={() => onChange(undefined)}
          />
          {_('order.pickup.asap')}
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            className="h-6 w-6 shrink-0 accent-[var(--accent)]"
            name={`${id}-when`}
            checked={later}
            disabled={list.length === 0}
            onChange={() => onChange(list[0]?.start)}
          />
          {_('order.pickup.later')}
        </label>
      </div>
      {slots.isError ? (
        <ErrorState className="py-2" message={_('order.pickup.loadFailed')} onRetry={() => void slots.refetch()} />
      ) : slots.isSuccess && list.length === 0 ? (
        <p className="text-sm text-[var(--ink-muted)]">{_('order.pickup.none')}</p>
      ) : null}
      {later ? (
        <div className="mt-2">
          <label htmlFor={`${id}-slot`} className="label">
            {_('order.pickup.time')}
          </label>
          <select id={`${id}-slot`} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
            {days.map((day) => (
              <optgroup key={day} label={formatDay(day, 'long')}>
                {list
                  .filter((s) => s.day === day)
                  .map((s) => (
                    <option key={s.start} value={s.start}>
                      {label(s)}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
      ) : null}
    </fieldset>
  );
}
