import type { Site, SiteCreateBody } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { LocateFixed } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { AlertMessage, FieldError, Modal, Select } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';
import {
  checkSiteForm,
  fieldOfRefusal,
  siteFormOf,
  timeZoneChoices,
  type FieldProblem,
  type SiteField,
  type SiteFormErrors,
  type SiteFormValues,
} from '@/features/sites/lib/site-form';

interface SiteFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The site to edit; a new site without it. */
  site?: Site;
  /** Sends the form; a refusal it throws is shown beside its field or above the form. */
  onSave: (body: SiteCreateBody) => Promise<unknown>;
}

type Locating = 'idle' | 'busy' | 'failed';

/** Creates or edits a site: name, position, order radius, time zone and venues. */
export function SiteFormDialog({ open, onOpenChange, site, onSave }: SiteFormDialogProps) {
  const { _ } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={site ? _('sites.form.editTitle', { name: site.name }) : _('sites.form.newTitle')}
      size="lg"
    >
      {/* Mounted only while open: every opening starts from the site as it is now. */}
      {open ? <SiteForm site={site} onSave={onSave} onCancel={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function SiteForm({
  site,
  onSave,
  onCancel,
}: {
  site?: Site;
  onSave: SiteFormDialogProps['onSave'];
  onCancel: () => void;
}) {
  const { _ } = useLingui();
  const id = useId();
  const [values, setValues] = useState<SiteFormValues>(() => siteFormOf(site));
  const [errors, setErrors] = useState<SiteFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [locating, setLocating] = useState<Locating>('idle');
  const zones = useMemo(() => timeZoneChoices(site?.timeZone), [site?.timeZone]);

  const textOf = (problem: FieldProblem | undefined) =>
    problem === undefined ? undefined : 'text' in problem ? problem.text : _(problem.id, problem.values);

  const change = <F extends SiteField>(field: F, value: SiteFormValues[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A corrected field loses its message; the others keep theirs until the next try.
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const fillMyPosition = () => {
    if (!('geolocation' in navigator)) {
      setLocating('failed');
      return;
    }
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating('idle');
        change('latitude', coords.latitude.toFixed(6));
        change('longitude', coords.longitude.toFixed(6));
      },
      () => setLocating('failed'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkSiteForm(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      await onSave(checked.body);
    } catch (error) {
      logFailure('saving a site failed', error);
      const refusal = fieldOfRefusal(error);
      if (refusal) setErrors({ [refusal.field]: { text: refusal.text } });
      else setFailure(errorText(error) ?? _('sites.form.failed'));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: 'name' | 'latitude' | 'longitude' | 'radiusKm', label: string, extra: ReactNode = null) => {
    const error = textOf(errors[name]);
    const inputId = `${id}-${name}`;
    return (
      <div>
        <label htmlFor={inputId} className="label">
          {label}
        </label>
        <input
          id={inputId}
          className="input"
          value={values[name]}
          onChange={(e) => change(name, e.target.value)}
          inputMode={name === 'name' ? undefined : 'decimal'}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <FieldError id={`${inputId}-error`}>{error}</FieldError>
        {extra}
      </div>
    );
  };

  const venuesError = textOf(errors.venues);
  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="space-y-4">
      {failure ? <AlertMessage>{failure}</AlertMessage> : null}
      {field('name', _('sites.field.name'))}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('latitude', _('sites.field.latitude'))}
        {field('longitude', _('sites.field.longitude'))}
      </div>
      <div>
        <button type="button" className="btn-secondary" onClick={fillMyPosition} disabled={locating === 'busy'}>
          <LocateFixed aria-hidden="true" className="h-4 w-4" />
          {locating === 'busy' ? _('sites.form.locating') : _('sites.form.useMyPosition')}
        </button>
        <p aria-live="polite" className="mt-1 text-sm text-[var(--ink-muted)]">
          {locating === 'failed' ? _('sites.form.locateFailed') : ''}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('radiusKm', _('sites.field.radius'))}
        <Select
          label={_('sites.field.timeZone')}
          options={zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
          value={values.timeZone}
          onChange={(e) => change('timeZone', e.target.value)}
          error={textOf(errors.timeZone)}
        />
      </div>
      <fieldset aria-describedby={venuesError ? `${id}-venues-error` : undefined}>
        <legend className="label">{_('sites.field.venues')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(['cafe', 'bar'] as const).map((venue) => (
            <label key={venue} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                className="h-6 w-6 accent-[var(--accent)]"
                checked={values.venues[venue]}
                onChange={(e) => change('venues', { ...values.venues, [venue]: e.target.checked })}
              />
              {venue === 'cafe' ? _('sites.venue.cafe') : _('sites.venue.bar')}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-venues-error`}>{venuesError}</FieldError>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>
          {_('sites.form.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? _('sites.form.saving') : _('sites.form.save')}
        </button>
      </div>
    </form>
  );
}
