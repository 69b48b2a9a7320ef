import { CATEGORY_KINDS, type CategoryKind } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { msgId } from '@/i18n';

/** The kinds' names (message ids). */
export const CATEGORY_KIND_LABELS: Record<CategoryKind, string> = {
  coffee: msgId('management.kind.coffee'),
  tea: msgId('management.kind.tea'),
  other: msgId('management.kind.other'),
};

/**
 * The "Kind" choice of a category: Coffee, Tea or Other, as three radio buttons (one tab stop,
 * arrow keys move between them). The board's Coffee / Tea filter follows it, whatever the name says.
 */
export function CategoryKindField({ registration }: { registration: UseFormRegisterReturn }) {
  const { _ } = useLingui();
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="label">{_('management.form.kind')}</legend>
      <div className="grid grid-cols-3 gap-2">
        {CATEGORY_KINDS.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-[var(--border-strong)] bg-[var(--surface-raised)] px-3 py-2 font-medium has-[:checked]:border-[var(--accent)] has-[:checked]:bg-[var(--accent-soft)] has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-[var(--focus)]"
          >
            <input type="radio" value={value} className="h-6 w-6 shrink-0 accent-[var(--accent)]" {...registration} />
            {_(CATEGORY_KIND_LABELS[value])}
          </label>
        ))}
      </div>
      <p id={hintId} className="mt-1 text-sm text-[var(--ink-muted)]">
        {_('management.form.kindHint')}
      </p>
    </fieldset>
  );
}
