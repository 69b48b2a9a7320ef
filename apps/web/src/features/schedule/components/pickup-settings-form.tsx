import { PICKUP_LIMITS, type PickupSettings } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { AlertMessage, FieldError } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useUpdatePickupSettings } from '@/features/schedule/api/pickup-settings';

type Field = keyof PickupSettings;
const FIELDS: readonly Field[] = ['slotMinutes', 'leadMinutes', 'daysAhead', 'slotCapacity'];

/** The problem of one field's text, or null: a whole number within the field's range. */
export function pickupFieldProblem(field: Field, text: string): { min: number; max: number } | null {
  const { min, max } = PICKUP_LIMITS[field];
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? null : { min, max };
}

/**
 * A site's pickup settings (docs/api.md, "Orders for later"): slot length, lead time, how many days
 * ahead people may order (0: today only) and the drinks a slot takes. Checked here for a pleasant
 * screen; the server checks again.
 */
export function PickupSettingsForm({ siteId, settings }: { siteId: number; settings: PickupSettings }) {
  const { _ } = useLingui();
  const update = useUpdatePickupSettings(siteId);
  const [texts, setTexts] = useState<Record<Field, string>>(() => ({
    slotMinutes: String(settings.slotMinutes),
    leadMinutes: String(settings.leadMinutes),
    daysAhead: String(settings.daysAhead),
    slotCapacity: String(settings.slotCapacity),
  }));
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const labels: Record<Field, string> = {
    slotMinutes: _('schedule.pickup.slotMinutes'),
    leadMinutes: _('schedule.pickup.leadMinutes'),
    daysAhead: _('schedule.pickup.daysAhead'),
    slotCapacity: _('schedule.pickup.slotCapacity'),
  };
  const problems = FIELDS.filter((f) => pickupFieldProblem(f, texts[f]) !== null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerError(null);
    if (problems.length > 0) return;
    try {
      await update.mutateAsync({
        slotMinutes: Number(texts.slotMinutes),
        leadMinutes: Number(texts.leadMinutes),
        daysAhead: Number(texts.daysAhead),
        slotCapacity: Number(texts.slotCapacity),
      });
      setTried(false);
      toast.success(_('schedule.pickup.saved'));
    } catch (error) {
      setServerError((isApiError(error) ? errorText(error) : undefined) ?? _('schedule.pickup.saveFailed'));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="card space-y-4 p-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FIELDS.map((field) => {
          const problem = tried ? pickupFieldProblem(field, texts[field]) : null;
          const id = `pickup-${field}`;
          return (
            <div key={field}>
              <label htmlFor={id} className="label">
                {labels[field]}
              </label>
              <input
                id={id}
                className="input"
                inputMode="numeric"
                value={texts[field]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : `${id}-hint`}
                onChange={(event) => setTexts((current) => ({ ...current, [field]: event.target.value }))}
              />
              {problem ? (
                <FieldError id={`${id}-error`}>{_('schedule.pickup.range', problem)}</FieldError>
              ) : (
                <p id={`${id}-hint`} className="mt-1 text-xs text-[var(--ink-muted)]">
                  {field === 'daysAhead' ? _('schedule.pickup.daysAheadHint') : null}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {serverError ? <AlertMessage>{serverError}</AlertMessage> : null}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {_('schedule.pickup.save')}
        </button>
      </div>
    </form>
  );
}
