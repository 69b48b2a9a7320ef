import type { DietTag } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { DietTagsField } from '@/components/diet/diet-tags-field';
import { avoidsText } from '@/lib/diet';

/**
 * What one choice of an option group adds to a drink (docs/allergens.md: whole milk adds milk, a
 * syrup may add tree nuts), folded under the choice so the group's form stays short.
 */
export function ChoiceTagsField({
  number,
  value,
  onChange,
}: {
  /** The choice's place in the group (1, 2, ...), for its label. */
  number: number;
  value: readonly DietTag[];
  onChange: (tags: DietTag[]) => void;
}) {
  const { _ } = useLingui();
  return (
    <details className="basis-full rounded-xl border border-[var(--border)] px-3 py-1">
      <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium">
        {_('management.tags.choiceSummary', { number })}
        {value.length > 0 ? <span className="ml-2 text-[var(--ink-muted)]">{avoidsText(value)}</span> : null}
      </summary>
      <div className="pb-2">
        <DietTagsField
          legend={_('management.tags.contains')}
          wishesLegend={_('management.tags.is')}
          hint={_('management.tags.choiceHint')}
          value={value}
          onChange={onChange}
          withWishes={false}
        />
      </div>
    </details>
  );
}
