import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSlots } from '@/api/slots';
import { AlertMessage, ErrorState, FieldError, Select } from '@/components/ui';
import { ServerButton } from '@/components/ui/server-button';
import { useNow } from '@/hooks/use-now';
import { formatCafeTime, formatPickupTime } from '@/lib/cafe-time';
import { errorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { useStartRun } from '@/features/runs/api/run-actions';
import { closeChoices, defaultCloseAt } from '@/features/runs/lib/run-times';
import {
  StartRunFormSchema,
  type StartRunFormInput,
  type StartRunFormValues,
} from '@/features/runs/lib/start-run-form';

/** The closing times are checked against the clock this often while the form is open. */
const CLOCK_MS = 30_000;

/**
 * "Start a run": where the drinks go, a pickup time from the site's cafe slots (as the order form
 * offers them), and when the run stops taking drinks (twenty minutes before the pickup unless the
 * runner says otherwise). The server checks every rule again; its refusal is said here.
 */
export function StartRunForm({ siteId, timeZone }: { siteId: number | undefined; timeZone: string }) {
  const { _ } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const now = useNow(CLOCK_MS);
  const slots = useSlots(siteId, 'cafe', true);
  const start = useStartRun();
  const list = slots.data?.slots ?? [];
  const zone = slots.data?.timeZone ?? timeZone;
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<StartRunFormInput, unknown, StartRunFormValues>({
    resolver: zodResolver(StartRunFormSchema),
    defaultValues: { place: '', pickupAt: '', closesAt: '' },
  });
  const pickupAt = useWatch({ control, name: 'pickupAt' });
  const choices = pickupAt ? closeChoices(pickupAt, now) : [];
  const pickupField = register('pickupAt', {
    // A new pickup time starts with its own default closing time.
    onChange: (event: { target: { value: string } }) =>
      setValue('closesAt', defaultCloseAt(closeChoices(event.target.value, new Date())) ?? ''),
  });

  const handleValid = async (values: StartRunFormValues) => {
    try {
      const run = await start.mutateAsync({ ...(siteId ? { siteId } : {}), ...values });
      void navigate(paths.run(run.id));
    } catch {
      // Said under the form (start.error).
    }
  };

  const placeError = errors.place?.message;
  const hintId = `${id}-hint`;
  const placeErrorId = `${id}-place-error`;
  const minutesText = (minutes: number) =>
    minutes === 0 ? _('runs.start.closesAtPickup') : _('runs.start.closesBefore', { minutes });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="space-y-4">
      <div>
        <label htmlFor={`${id}-place`} className="label">
          {_('runs.start.place')}
        </label>
        <input
          id={`${id}-place`}
          className="input"
          autoComplete="off"
          aria-invalid={placeError ? true : undefined}
          aria-describedby={[hintId, placeError ? placeErrorId : null].filter(Boolean).join(' ')}
          {...register('place')}
        />
        <p id={hintId} className="mt-1 text-sm text-[var(--ink-muted)]">
          {_('runs.start.placeHint')}
        </p>
        <FieldError id={placeErrorId}>{placeError}</FieldError>
      </div>

      {slots.isError ? (
        <ErrorState className="py-2" message={_('runs.start.slotsFailed')} onRetry={() => void slots.refetch()} />
      ) : slots.isSuccess && list.length === 0 ? (
        <p className="text-sm text-[var(--ink-muted)]">{_('runs.start.noSlots')}</p>
      ) : (
        <Select
          {...pickupField}
          label={_('runs.start.pickup')}
          placeholder={slots.isPending ? _('runs.start.slotsLoading') : _('runs.start.pickupChoose')}
          disabled={slots.isPending}
          error={errors.pickupAt?.message}
          options={list.map((slot) => ({ value: slot.start, label: formatPickupTime(slot.start, zone, now) }))}
        />
      )}

      {/* Controlled: its choices come with the pickup time, after the default is set. */}
      <Controller
        control={control}
        name="closesAt"
        render={({ field }) => (
          <Select
            {...field}
            label={_('runs.start.closes')}
            placeholder={pickupAt ? undefined : _('runs.start.closesAfterPickup')}
            disabled={!pickupAt}
            error={errors.closesAt?.message}
            options={choices.map((choice) => ({
              value: choice.at,
              label: `${formatCafeTime(choice.at, zone)} (${minutesText(choice.minutesBefore)})`,
            }))}
          />
        )}
      />

      {start.error ? <AlertMessage>{errorText(start.error) ?? _('runs.start.failed')}</AlertMessage> : null}

      <div className="flex flex-wrap items-center justify-end gap-2">
        <ServerButton
          type="submit"
          className="btn-primary w-full sm:w-auto"
          busy={start.isPending}
          disabled={start.isPending || list.length === 0}
        >
          {start.isPending ? _('runs.start.starting') : _('runs.start.submit')}
        </ServerButton>
      </div>
    </form>
  );
}
