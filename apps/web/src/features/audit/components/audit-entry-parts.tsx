import type { AuditEntry } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useSettings } from '@/api/settings';
import { formatLocale } from '@/i18n';
import { formatCafeDate, formatCafeTime, formatDay } from '@/lib/cafe-time';
import { ACTION_LABELS, TARGET_LABELS, changeLines, isAuditAction, isTargetType } from '@/features/audit/lib/entries';

/** When: the date and time on the cafe's clock ("18 Nov 2026 10:02"). */
export function EntryTime({ at }: { at: string }) {
  useLingui();
  const { cafeTimeZone } = useSettings();
  return (
    <time dateTime={at} className="whitespace-nowrap tabular-nums">
      {`${formatCafeDate(at, cafeTimeZone)} ${formatCafeTime(at, cafeTimeZone)}`.trim()}
    </time>
  );
}

/** What: the action in words (its code for an action this screen does not know yet). */
export function EntryAction({ action }: { action: string }) {
  const { _ } = useLingui();
  return <>{isAuditAction(action) ? _(ACTION_LABELS[action]) : action}</>;
}

/** The target as people name it: its kind and its name (or id), a closed day as a date; and the site. */
export function EntryTarget({ entry }: { entry: AuditEntry }) {
  const { _ } = useLingui();
  const { target, site } = entry;
  const kind = isTargetType(target.type) ? _(TARGET_LABELS[target.type]) : target.type;
  const name =
    target.type === 'closed-day' && target.id
      ? formatDay(target.id, 'short')
      : (target.name ?? (target.id === null ? '' : `#${target.id}`));
  const atSite = site && !(target.type === 'site' && target.id === String(site.id));
  return (
    <span className="min-w-0">
      <span className="text-[var(--ink-muted)]">{kind}</span> <span className="font-medium">{name}</span>
      {atSite ? (
        <span className="block text-sm text-[var(--ink-muted)]">{_('audit.entry.atSite', { site: site.name })}</span>
      ) : null}
    </span>
  );
}

/** Before and after, one line per changed field: "role: user → barista". */
export function EntryChange({ entry }: { entry: AuditEntry }) {
  const { _ } = useLingui();
  const lines = changeLines(entry.before, entry.after, formatLocale());
  if (lines.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-sm" aria-label={_('audit.entry.change')}>
      {lines.map((line) => (
        <li key={line.field} className="break-words" data-field={line.field}>
          <span className="text-[var(--ink-muted)]">{line.field}: </span>
          {line.before === null ? null : (
            <>
              <span className="text-[var(--ink-muted)] line-through decoration-1">{line.before}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only">{`${_('audit.entry.changedTo')} `}</span>
            </>
          )}
          {line.after === null ? (
            <span className="italic">{_('audit.entry.removed')}</span>
          ) : (
            <span className="font-medium">{line.after}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
