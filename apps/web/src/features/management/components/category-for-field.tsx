import { CATEGORY_FOR } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CATEGORY_FOR_LABELS } from './category-for-badge';

/** The "For" choice of a category: Cafe or Bar, as two large radio buttons. */
export function CategoryForField({ registration }: { registration: UseFormRegisterReturn }) {
  const { _ } = useLingui();
  return (
    <fieldset>
      <legend className="label">{_('management.form.for')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {CATEGORY_FOR.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-[var(--border-strong)] bg-[var(--surface-raised)] px-3 py-2 font-medium has-[:checked]:border-[var(--accent)] has-[:checked]:bg-[var(--accent-soft)] has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-[var(--focus)]"
          >
            <input type="radio" value={value} className="h-6 w-6 shrink-0 accent-[var(--accent)]" {...registration} />
            {_(CATEGORY_FOR_LABELS[value])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
