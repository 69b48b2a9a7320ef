import { WEEK_ORDER, type Venue, type WeeklyPeriod } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { AlertMessage, FieldError, Switch } from '@/components/ui';
import { msgId } from '@/i18n';
import { refusalOr } from '@/lib/error-text';
import { weekdayName } from '@/lib/opening-hours';
import { useUpdateWeekly } from '@/features/schedule/api/change-schedule';
import {
  hasErrors,
  rowErrors,
  rowsFromWeekly,
  weeklyFromRows,
  type DayRow,
  type WeeklyRows,
} from '@/features/schedule/lib/weekly-form';

/** Each venue's texts (message ids): the group's name, a day's switch, a time field's name. */
const VENUE_TEXTS: Record<Venue, { legend: string; openOn: string; fieldOf: string }> = {
  cafe: {
    legend: msgId('schedule.weekly.cafeHours'),
    openOn: msgId('schedule.day.cafeOpenOn'),
    fieldOf: msgId('schedule.day.cafeField'),
  },
  bar: {
    legend: msgId('schedule.weekly.barHours'),
    openOn: msgId('schedule.day.barOpenOn'),
    fieldOf: msgId('schedule.day.barField'),
  },
};

/**
 * The week's hours of the venues the site runs (`venues`; a site without a bar has no bar hours):
 * a switch per day, and the opening and closing times of the days that open. Checked as the server
 * checks them; messages show beside the field once it was left or a save was tried.
 */
export function WeeklyHoursForm({ weekly, venues }: { weekly: WeeklyPeriod[]; venues: readonly Venue[] }) {
  const { _ } = useLingui();
  const update = useUpdateWeekly();
  const [rows, setRows] = useState<WeeklyRows>(() => rowsFromWeekly(weekly));
  const [shown, setShown] = useState(weekly);
  const [dirty, setDirty] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  // The schedule changed (a save here, or someone else's through the live event): take it, unless
  // this form holds edits of its own, which are kept (and saving them replaces the other change).
  if (weekly !== shown) {
    setShown(weekly);
    if (dirty) setChangedElsewhere(true);
    else setRows(rowsFromWeekly(weekly));
  }

  const change = (venue: Venue, weekday: number, patch: Partial<DayRow>) => {
    setDirty(true);
    setRows((current) => ({
      ...current,
      [venue]: { ...current[venue], [weekday]: { ...(current[venue][weekday] as DayRow), ...patch } },
    }));
  };
  const touch = (key: string) => setTouched((current) => new Set(current).add(key));

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerError(null);
    if (hasErrors(rows, venues)) return;
    try {
      const saved = await update.mutateAsync({ weekly: weeklyFromRows(rows, venues) });
      setDirty(false);
      setChangedElsewhere(false);
      setTried(false);
      setTouched(new Set());
      setShown(saved.weekly);
      setRows(rowsFromWeekly(saved.weekly));
      toast.success(_('schedule.weekly.saved'));
    } catch (error) {
      setServerError(refusalOr(error, _('schedule.weekly.saveFailed')));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        {venues.map((venue) => (
          <fieldset key={venue} className="card p-4">
            <legend className="px-1 text-lg font-semibold">{_(VENUE_TEXTS[venue].legend)}</legend>
            <ul className="divide-y divide-[var(--border)]">
              {WEEK_ORDER.map((weekday) => (
                <DayRowFields
                  key={weekday}
                  venue={venue}
                  weekday={weekday}
                  row={rows[venue][weekday] as DayRow}
                  showErrorsOf={(field) => tried || touched.has(`${venue}-${weekday}-${field}`)}
                  onChange={(patch) => change(venue, weekday, patch)}
                  onLeave={(field) => touch(`${venue}-${weekday}-${field}`)}
                />
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
      {tried && hasErrors(rows, venues) ? <AlertMessage>{_('schedule.weekly.needsFixing')}</AlertMessage> : null}
      {changedElsewhere ? <AlertMessage tone="info">{_('schedule.weekly.changedElsewhere')}</AlertMessage> : null}
      {serverError ? <AlertMessage>{serverError}</AlertMessage> : null}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? _('schedule.weekly.saving') : _('schedule.weekly.save')}
        </button>
      </div>
    </form>
  );
}

function DayRowFields({
  venue,
  weekday,
  row,
  showErrorsOf,
  onChange,
  onLeave,
}: {
  venue: Venue;
  weekday: number;
  row: DayRow;
  showErrorsOf: (field: 'opens' | 'closes') => boolean;
  onChange: (patch: Partial<DayRow>) => void;
  onLeave: (field: 'opens' | 'closes') => void;
}) {
  const { _ } = useLingui();
  const id = useId();
  const day = weekdayName(weekday);
  const errors = rowErrors(row);
  const time = (field: 'opens' | 'closes', label: string) => {
    const errorId = showErrorsOf(field) ? errors[field] : undefined;
    const error = errorId ? _(errorId) : undefined;
    const inputId = `${id}-${field}`;
    return (
      <div className="min-w-0">
        <label htmlFor={inputId} className="text-sm text-[var(--ink-muted)]">
          {/* The space outside the hidden part: inside it, some name calculations drop it ("Monday,Opens"). */}
          <span className="sr-only">{_(VENUE_TEXTS[venue].fieldOf, { day })}</span> {label}
        </label>
        <input
          id={inputId}
          className="input w-24"
          inputMode="numeric"
          autoComplete="off"
          placeholder={_('schedule.day.timePlaceholder')}
          maxLength={5}
          value={row[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => onChange({ [field]: event.target.value })}
          onBlur={() => onLeave(field)}
        />
        <FieldError id={`${inputId}-error`}>{error}</FieldError>
      </div>
    );
  };
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3">
      <div className="flex w-40 items-center gap-3 pt-2">
        <Switch
          label={_(VENUE_TEXTS[venue].openOn, { day })}
          hideLabel
          checked={row.open}
          onCheckedChange={(open) => onChange({ open })}
        />
        <span aria-hidden="true" className="font-medium">
          {day}
        </span>
      </div>
      {row.open ? (
        <div className="flex flex-wrap gap-3">
          {time('opens', _('schedule.day.opens'))}
          {time('closes', _('schedule.day.closes'))}
        </div>
      ) : (
        <p className="pt-2 text-[var(--ink-muted)]">{_('schedule.day.closed')}</p>
      )}
    </li>
  );
}
