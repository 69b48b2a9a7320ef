import { DISPLAY_NAMES, PICKUP_LIMITS, type DisplayNames, type PickupSettings } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { AlertMessage, FieldError } from '@/components/ui';
import { msgId } from '@/i18n';
import { refusalOr } from '@/lib/error-text';
import { useUpdatePickupSettings } from '@/features/schedule/api/pickup-settings';

/** The settings typed as whole numbers (all but what the pickup screen shows of a name). */
type Field = keyof typeof PICKUP_LIMITS;
/** Orders for later: the slots. */
const SLOT_FIELDS: readonly Field[] = ['slotMinutes', 'leadMinutes', 'daysAhead', 'slotCapacity'];
/** The counter: the tumbler rule, the reminder of a finished drink, "not collected", the preparation target. */
const COUNTER_FIELDS: readonly Field[] = [
  'tumblerGraceMinutes',
  'readyReminderMinutes',
  'uncollectedAfterMinutes',
  'prepTargetMinutes',
];
const FIELDS: readonly Field[] = [...SLOT_FIELDS, ...COUNTER_FIELDS];

const LABELS: Record<Field, string> = {
  slotMinutes: msgId('schedule.pickup.slotMinutes'),
  leadMinutes: msgId('schedule.pickup.leadMinutes'),
  daysAhead: msgId('schedule.pickup.daysAhead'),
  slotCapacity: msgId('schedule.pickup.slotCapacity'),
  tumblerGraceMinutes: msgId('schedule.pickup.tumblerGraceMinutes'),
  readyReminderMinutes: msgId('schedule.pickup.readyReminderMinutes'),
  uncollectedAfterMinutes: msgId('schedule.pickup.uncollectedAfterMinutes'),
  prepTargetMinutes: msgId('schedule.pickup.prepTargetMinutes'),
};

const HINTS: Partial<Record<Field, string>> = {
  daysAhead: msgId('schedule.pickup.daysAheadHint'),
  tumblerGraceMinutes: msgId('schedule.pickup.tumblerGraceHint'),
  readyReminderMinutes: msgId('schedule.pickup.readyReminderHint'),
  uncollectedAfterMinutes: msgId('schedule.pickup.uncollectedAfterHint'),
  prepTargetMinutes: msgId('schedule.pickup.prepTargetHint'),
};

const DISPLAY_NAME_LABELS: Record<DisplayNames, string> = {
  'first-initial': msgId('schedule.pickup.displayNames.firstInitial'),
  number: msgId('schedule.pickup.displayNames.number'),
};

export type PickupFieldProblem = { kind: 'range'; min: number; max: number } | { kind: 'afterReminder' };

/** The problem of one field's text, or null: a whole number within the field's range. */
export function pickupFieldProblem(field: Field, text: string): { min: number; max: number } | null {
  const { min, max } = PICKUP_LIMITS[field];
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? null : { min, max };
}

/**
 * The problem of a field in the whole form: its range, and "not collected" comes after the
 * reminder (the owner is reminded first, then the drink may be given up on).
 */
export function pickupFormProblem(field: Field, texts: Record<Field, string>): PickupFieldProblem | null {
  const range = pickupFieldProblem(field, texts[field]);
  if (range) return { kind: 'range', ...range };
  if (
    field === 'uncollectedAfterMinutes' &&
    pickupFieldProblem('readyReminderMinutes', texts.readyReminderMinutes) === null &&
    Number(texts.uncollectedAfterMinutes) <= Number(texts.readyReminderMinutes)
  )
    return { kind: 'afterReminder' };
  return null;
}

const textsOf = (settings: PickupSettings): Record<Field, string> =>
  Object.fromEntries(FIELDS.map((f) => [f, String(settings[f])])) as Record<Field, string>;

/**
 * A site's pickup settings (docs/api.md, "Orders for later"): slot length, lead time, how many days
 * ahead people may order (0: today only) and the drinks a slot takes; and the counter's day
 * (docs/decisions/0049-counter-day-screens.md): the minutes to bring a tumbler the barista can not
 * find, the reminder of a finished drink, when a drink may be marked not collected, and what the
 * pickup screen shows of a name. Checked here for a pleasant screen; the server checks again.
 */
export function PickupSettingsForm({ siteId, settings }: { siteId: number; settings: PickupSettings }) {
  const { _ } = useLingui();
  const update = useUpdatePickupSettings(siteId);
  const [texts, setTexts] = useState<Record<Field, string>>(() => textsOf(settings));
  const [displayNames, setDisplayNames] = useState<DisplayNames>(settings.displayNames);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problems = FIELDS.filter((f) => pickupFormProblem(f, texts) !== null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerError(null);
    if (problems.length > 0) return;
    try {
      const numbers = Object.fromEntries(FIELDS.map((f) => [f, Number(texts[f])])) as Record<Field, number>;
      await update.mutateAsync({ ...numbers, displayNames });
      setTried(false);
      toast.success(_('schedule.pickup.saved'));
    } catch (error) {
      setServerError(refusalOr(error, _('schedule.pickup.saveFailed')));
    }
  };

  const renderField = (field: Field) => {
    const problem = tried ? pickupFormProblem(field, texts) : null;
    const id = `pickup-${field}`;
    const hint = HINTS[field];
    return (
      <div key={field}>
        <label htmlFor={id} className="label">
          {_(LABELS[field])}
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
          <FieldError id={`${id}-error`}>
            {problem.kind === 'range'
              ? _('schedule.pickup.range', { min: problem.min, max: problem.max })
              : _('schedule.pickup.uncollectedAfterReminder')}
          </FieldError>
        ) : (
          <p id={`${id}-hint`} className="mt-1 text-xs text-[var(--ink-muted)]">
            {hint ? _(hint) : null}
          </p>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="card space-y-4 p-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{SLOT_FIELDS.map(renderField)}</div>
      <fieldset className="space-y-3 border-t border-[var(--border)] pt-3">
        <legend className="float-left mb-2 w-full text-base font-semibold">
          {_('schedule.pickup.counterHeading')}
        </legend>
        <div className="grid clear-both gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {COUNTER_FIELDS.map(renderField)}
          <div>
            <label htmlFor="pickup-displayNames" className="label">
              {_('schedule.pickup.displayNames')}
            </label>
            <select
              id="pickup-displayNames"
              className="input"
              value={displayNames}
              onChange={(event) => setDisplayNames(event.target.value as DisplayNames)}
            >
              {DISPLAY_NAMES.map((value) => (
                <option key={value} value={value}>
                  {_(DISPLAY_NAME_LABELS[value])}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
      {serverError ? <AlertMessage>{serverError}</AlertMessage> : null}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {_('schedule.pickup.save')}
        </button>
      </div>
    </form>
  );
}
