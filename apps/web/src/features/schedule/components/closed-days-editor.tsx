import { CLOSED_DAY_NOTE_MAX, type ClosedDay } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { CalendarOff, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useScreenSite } from '@/api/site-state';
import { AlertMessage, EmptyState, FieldError } from '@/components/ui';
import { useCafeToday } from '@/hooks/use-cafe-today';
import { refusalOr } from '@/lib/error-text';
import { formatDay } from '@/lib/cafe-time';
import { useAddClosedDay, useRemoveClosedDay } from '@/features/schedule/api/change-schedule';

/** Days both venues stay closed (holidays): the list from today on, a form to add one, a way to remove one. */
export function ClosedDaysEditor({ closedDays }: { closedDays: ClosedDay[] }) {
  const { _ } = useLingui();
  // Today at the staff site whose closed days these are.
  const today = useCafeToday(useScreenSite().timeZone);
  const add = useAddClosedDay();
  const remove = useRemoveClosedDay();
  const id = useId();
  const [day, setDay] = useState('');
  const [note, setNote] = useState('');
  const [dayError, setDayError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const handleAdd = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!day) return setDayError(_('schedule.closedDays.chooseDay'));
    if (day < today) return setDayError(_('schedule.closedDays.chooseLaterDay'));
    setDayError(null);
    try {
      await add.mutateAsync({ day, note: note.trim() || undefined });
      toast.success(_('schedule.closedDays.added', { day: formatDay(day, 'long') }));
      setDay('');
      setNote('');
    } catch (error) {
      setServerError(refusalOr(error, _('schedule.closedDays.addFailed')));
    }
  };

  const handleRemove = async (closed: ClosedDay) => {
    setServerError(null);
    try {
      await remove.mutateAsync(closed.day);
      toast.success(_('schedule.closedDays.removed', { day: formatDay(closed.day, 'long') }));
    } catch (error) {
      setServerError(refusalOr(error, _('schedule.closedDays.removeFailed')));
    }
  };

  return (
    <div className="card space-y-4 p-4">
      {closedDays.length === 0 ? (
        <EmptyState
          className="py-6"
          icon={<CalendarOff className="h-7 w-7" />}
          title={_('schedule.closedDays.emptyTitle')}
          description={_('schedule.closedDays.emptyDescription')}
        />
      ) : (
        <ul className="divide-y divide-[var(--border)]" aria-label={_('schedule.closedDays.heading')}>
          {closedDays.map((closed) => (
            <li key={closed.day} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium">{formatDay(closed.day, 'long')}</span>
                {closed.note ? <span className="block text-sm text-[var(--ink-muted)]">{closed.note}</span> : null}
              </span>
              <button
                type="button"
                className="btn-ghost px-3 text-[var(--danger)]"
                aria-label={_('schedule.closedDays.remove', { day: formatDay(closed.day, 'long') })}
                disabled={remove.isPending}
                onClick={() => void handleRemove(closed)}
              >
                <Trash2 aria-hidden="true" className="h-5 w-5" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <form noValidate onSubmit={(event) => void handleAdd(event)} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-day`} className="label">
            {_('schedule.closedDays.day')}
          </label>
          <input
            id={`${id}-day`}
            type="date"
            className="input"
            min={today}
            value={day}
            aria-invalid={dayError ? true : undefined}
            aria-describedby={dayError ? `${id}-day-error` : undefined}
            onChange={(event) => setDay(event.target.value)}
          />
          <FieldError id={`${id}-day-error`}>{dayError}</FieldError>
        </div>
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-note`} className="label">
            {_('schedule.closedDays.note')}
          </label>
          <input
            id={`${id}-note`}
            className="input"
            maxLength={CLOSED_DAY_NOTE_MAX}
            placeholder={_('schedule.closedDays.notePlaceholder')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={add.isPending}>
          {add.isPending ? _('schedule.closedDays.adding') : _('schedule.closedDays.add')}
        </button>
      </form>
      {serverError ? <AlertMessage>{serverError}</AlertMessage> : null}
    </div>
  );
}
