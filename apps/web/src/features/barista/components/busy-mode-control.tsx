import { useLingui } from '@lingui/react';
import type { OrderingStatus } from '@cafe/shared';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AlertMessage, FieldError, Spinner } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useOrderingStatus } from '@/features/barista/api/get-ordering-status';
import { useSetOrderingStatus } from '@/features/barista/api/set-ordering-status';
import { limitsText, parseLimit, pauseReasonText } from '@/features/barista/lib/ordering-status';
import { useOffline } from '@/lib/connectivity';
import { errorText } from '@/lib/error-text';
import { SettingsPopover } from './settings-popover';

/** The bounds of OrderingStatusPatchSchema (packages/shared/src/counter.ts). */
const MAX_WAITING_LIMIT = 500;
const MAX_WAIT_MINUTES_LIMIT = 240;

/**
 * Busy mode on the board: whether online cafe orders are paused and why, a Pause / Resume button,
 * and the two limits that pause them by themselves (GET/PATCH /ordering-status, kept current by
 * the `ordering-status` event).
 */
export function BusyModeControl() {
  const { _ } = useLingui();
  const status = useOrderingStatus();
  const setStatus = useSetOrderingStatus();
  // Changing it needs the server: offline the buttons are disabled (the banner says why).
  const offline = useOffline();
  const headingId = useId();

  if (status.isPending) return <Spinner size="sm" label={_('barista.busy.loading')} />;
  if (status.isError)
    return (
      <p className="text-sm text-[var(--ink-muted)]">
        {_('barista.busy.unavailable')}{' '}
        <button type="button" className="btn-ghost min-h-11 px-2 underline" onClick={() => void status.refetch()}>
          {_('barista.busy.tryAgain')}
        </button>
      </p>
    );

  const current = status.data;
  const reason = pauseReasonText(current);

  const handlePause = async (paused: boolean) => {
    try {
      await setStatus.mutateAsync({ paused });
      toast.success(paused ? _('barista.busy.pausedToast') : _('barista.busy.resumedToast'));
    } catch (error) {
      toast.error(paused ? _('barista.busy.notPaused') : _('barista.busy.notResumed'), {
        description: errorText(error),
      });
    }
  };

  return (
    <div role="group" aria-labelledby={headingId} className="flex min-w-0 flex-wrap items-center gap-2">
      <div className="min-w-0">
        <p id={headingId} className="flex items-center gap-2 font-bold">
          <span
            aria-hidden="true"
            className={cn('h-2.5 w-2.5 rounded-full', current.paused ? 'bg-[var(--danger)]' : 'bg-[var(--success)]')}
          />
          {current.paused ? _('barista.busy.statePaused') : _('barista.busy.stateOpen')}
        </p>
        <p className="text-sm text-[var(--ink-muted)]">{reason ?? limitsText(current.limits)}</p>
        {current.paused && current.message ? (
          <p className="text-sm text-[var(--ink-muted)]">
            {_('barista.busy.customersSee', { message: current.message })}
          </p>
        ) : null}
      </div>
      {/* Pause while open; Resume only a pause made by hand. */}
      {!current.paused || current.reason === 'manual' ? (
        <button
          type="button"
          className={current.paused ? 'btn-primary min-h-11' : 'btn-secondary min-h-11'}
          onClick={() => void handlePause(!current.paused)}
          disabled={setStatus.isPending || offline}
          aria-label={current.paused ? _('barista.busy.resumeLabel') : _('barista.busy.pauseLabel')}
        >
          {current.paused ? _('barista.busy.resume') : _('barista.busy.pause')}
        </button>
      ) : null}
      <LimitsPopover limits={current.limits} />
    </div>
  );
}

function LimitsPopover({ limits }: { limits: OrderingStatus['limits'] }) {
  const { _ } = useLingui();
  return (
    <SettingsPopover
      title={_('barista.busy.limitsTitle')}
      hint={_('barista.busy.limitsHint')}
      trigger={
        <button type="button" className="btn-secondary min-h-11 px-3" aria-label={_('barista.busy.limitsTitle')}>
          <SlidersHorizontal aria-hidden="true" className="h-5 w-5" />
          <span aria-hidden="true" className="hidden xl:inline">
            {_('barista.busy.limitsButton')}
          </span>
        </button>
      }
    >
      {(close) => <LimitsForm limits={limits} onDone={close} />}
    </SettingsPopover>
  );
}

function LimitsForm({ limits, onDone }: { limits: OrderingStatus['limits']; onDone: () => void }) {
  const { _ } = useLingui();
  const [waiting, setWaiting] = useState(limits.maxWaiting === null ? '' : String(limits.maxWaiting));
  const [minutes, setMinutes] = useState(limits.maxWaitMinutes === null ? '' : String(limits.maxWaitMinutes));
  const [errors, setErrors] = useState<{ waiting?: string; minutes?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const setStatus = useSetOrderingStatus();
  // Changing it needs the server: offline the buttons are disabled (the banner says why).
  const offline = useOffline();
  const waitingId = useId();
  const minutesId = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const maxWaiting = parseLimit(waiting, MAX_WAITING_LIMIT);
    const maxWaitMinutes = parseLimit(minutes, MAX_WAIT_MINUTES_LIMIT);
    const next = {
      waiting: 'error' in maxWaiting ? maxWaiting.error : undefined,
      minutes: 'error' in maxWaitMinutes ? maxWaitMinutes.error : undefined,
    };
    setErrors(next);
    if ('error' in maxWaiting || 'error' in maxWaitMinutes) return;
    setServerError(null);
    try {
      await setStatus.mutateAsync({ maxWaiting: maxWaiting.value, maxWaitMinutes: maxWaitMinutes.value });
      toast.success(_('barista.busy.limitsSaved'));
      onDone();
    } catch (error) {
      setServerError(errorText(error) ?? _('barista.busy.limitsNotSaved'));
    }
  };

  const field = (id: string, label: string, value: string, onChange: (v: string) => void, error?: string) => (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={value}
        placeholder={_('barista.busy.noLimit')}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="input"
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="flex flex-col gap-3">
      {field(waitingId, _('barista.busy.maxWaitingLabel'), waiting, setWaiting, errors.waiting)}
      {field(minutesId, _('barista.busy.maxMinutesLabel'), minutes, setMinutes, errors.minutes)}
      {serverError ? <AlertMessage>{serverError}</AlertMessage> : null}
      <div className="flex justify-end">
        <button
          type="submit"
          className="btn-primary min-h-11"
          disabled={setStatus.isPending || offline}
          aria-busy={setStatus.isPending || undefined}
        >
          {_('barista.busy.saveLimits')}
        </button>
      </div>
    </form>
  );
}
