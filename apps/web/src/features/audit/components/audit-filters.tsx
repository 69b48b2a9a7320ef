import { AUDIT_AREAS, type AuditFilter } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { FieldError, Select } from '@/components/ui';
import { AREA_LABELS } from '@/features/audit/lib/entries';

/** The filters as typed: an action kind ('' all), and the first and last cafe day ('' open). */
export interface AuditFilterDraft {
  area: string;
  from: string;
  to: string;
}

export const NO_FILTER: AuditFilterDraft = { area: '', from: '', to: '' };

/** The query a draft asks for; null while its days are the wrong way round. */
export function filterOf(draft: AuditFilterDraft): AuditFilter | null {
  if (draft.from && draft.to && draft.to < draft.from) return null;
  return {
    ...(draft.area ? { action: draft.area } : {}),
    ...(draft.from ? { from: draft.from } : {}),
    ...(draft.to ? { to: draft.to } : {}),
  };
}

/** Which entries to show: a kind of action, and the cafe days from and to (both included). */
export function AuditFilters({
  draft,
  onChange,
}: {
  draft: AuditFilterDraft;
  onChange: (draft: AuditFilterDraft) => void;
}) {
  const { _ } = useLingui();
  const id = useId();
  const reversed = filterOf(draft) === null;
  const options = AUDIT_AREAS.map((area) => ({ value: area, label: _(AREA_LABELS[area]) }));
  const changed = draft.area !== '' || draft.from !== '' || draft.to !== '';
  return (
    <form
      className="card mb-4 flex flex-wrap items-start gap-3 p-4"
      aria-label={_('audit.filter.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <Select
        className="min-w-48"
        label={_('audit.filter.kind')}
        placeholder={_('audit.filter.allKinds')}
        options={options}
        value={draft.area}
        onChange={(event) => onChange({ ...draft, area: event.target.value })}
      />
      <div>
        <label htmlFor={`${id}-from`} className="label">
          {_('audit.filter.from')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input"
          value={draft.from}
          onChange={(event) => onChange({ ...draft, from: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="label">
          {_('audit.filter.to')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input"
          value={draft.to}
          aria-invalid={reversed ? true : undefined}
          aria-describedby={reversed ? `${id}-to-error` : undefined}
          onChange={(event) => onChange({ ...draft, to: event.target.value })}
        />
        <FieldError id={`${id}-to-error`}>{reversed ? _('audit.filter.reversed') : undefined}</FieldError>
      </div>
      {changed ? (
        <button type="button" className="btn-ghost self-end" onClick={() => onChange(NO_FILTER)}>
          {_('audit.filter.clear')}
        </button>
      ) : null}
    </form>
  );
}
