import { useLingui } from '@lingui/react';
import { Settings2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { msgId } from '@/i18n';
import { cn } from '@/lib/cn';
import type { WakeLockState } from '@/hooks/use-wake-lock';
import {
  AGE_THRESHOLD_MAX_MINUTES,
  DEFAULT_AGE_THRESHOLDS,
  thresholdsError,
  type AgeThresholds,
} from '@/features/barista/lib/ticket-age';
import { SettingsPopover } from './settings-popover';

interface BoardSettingsProps {
  thresholds: AgeThresholds;
  onSave: (thresholds: AgeThresholds) => void;
  wakeLock: WakeLockState;
}

const WAKE_LOCK_TEXT: Record<WakeLockState, string> = {
  active: msgId('barista.settings.wakeLock.active'),
  released: msgId('barista.settings.wakeLock.released'),
  failed: msgId('barista.settings.wakeLock.failed'),
  unsupported: msgId('barista.settings.wakeLock.unsupported'),
};

/** A small popover of this tablet's board settings: when tickets turn amber and red, and whether the screen stays on. */
export function BoardSettings({ thresholds, onSave, wakeLock }: BoardSettingsProps) {
  const { _ } = useLingui();
  return (
    <SettingsPopover
      title={_('barista.settings.title')}
      trigger={
        <button type="button" className="btn-secondary min-w-11 px-3" title={_('barista.settings.buttonTitle')}>
          <Settings2 aria-hidden="true" className="h-5 w-5" />
          <span className="hidden lg:inline">{_('barista.settings.button')}</span>
          <span className="sr-only lg:hidden">{_('barista.settings.button')}</span>
        </button>
      }
    >
      {(close) => (
        <>
          <ThresholdsForm
            thresholds={thresholds}
            onSave={(next) => {
              onSave(next);
              close();
            }}
          />
          <p className="mt-4 border-t border-[var(--border)] pt-3 text-sm text-[var(--ink-muted)]">
            <span className="font-semibold text-[var(--ink)]">{_('barista.settings.screen')} </span>
            {_(WAKE_LOCK_TEXT[wakeLock])}
          </p>
        </>
      )}
    </SettingsPopover>
  );
}

function ThresholdsForm({
  thresholds,
  onSave,
}: {
  thresholds: AgeThresholds;
  onSave: (thresholds: AgeThresholds) => void;
}) {
  const { _ } = useLingui();
  const [amber, setAmber] = useState(String(thresholds.amberMinutes));
  const [red, setRed] = useState(String(thresholds.redMinutes));
  const [showError, setShowError] = useState(false);
  const amberId = useId();
  const redId = useId();
  const errorId = useId();
  const error = thresholdsError(amber, red);
  const visibleError = showError ? error : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (error) {
      setShowError(true);
      return;
    }
    onSave({ amberMinutes: Number(amber), redMinutes: Number(red) });
  };

  const field = (id: string, label: string, value: string, onChange: (v: string) => void, swatch: string) => (
    <div>
      <label htmlFor={id} className="label flex items-center gap-2">
        <span aria-hidden="true" className={cn('inline-block h-3 w-3 rounded-full', swatch)} />
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={AGE_THRESHOLD_MAX_MINUTES}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={visibleError ? true : undefined}
        aria-describedby={visibleError ? errorId : undefined}
        className="input"
      />
    </div>
  );

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-3">
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-2 text-sm text-[var(--ink-muted)]">{_('barista.settings.thresholdsHint')}</legend>
        {field(amberId, _('barista.settings.amberAfter'), amber, setAmber, 'bg-[var(--warning)]')}
        {field(redId, _('barista.settings.redAfter'), red, setRed, 'bg-[var(--danger)]')}
      </fieldset>
      {visibleError ? (
        <p id={errorId} role="alert" className="field-error mt-0">
          {visibleError}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn-ghost min-h-11"
          onClick={() => {
            setAmber(String(DEFAULT_AGE_THRESHOLDS.amberMinutes));
            setRed(String(DEFAULT_AGE_THRESHOLDS.redMinutes));
            setShowError(false);
          }}
        >
          {_('barista.settings.reset')}
        </button>
        <button type="submit" className="btn-primary min-h-11">
          {_('barista.settings.save')}
        </button>
      </div>
    </form>
  );
}
