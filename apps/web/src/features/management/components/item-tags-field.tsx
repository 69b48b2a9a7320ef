import type { DietTag } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { DietTagsField } from '@/components/diet/diet-tags-field';
import { avoidsText } from '@/lib/diet';

interface TagsFieldProps {
  value: readonly DietTag[];
  onChange: (tags: DietTag[]) => void;
}

/**
 * An item's allergen and diet tags in Add Menu and Edit Menu (docs/allergens.md): what the drink
 * always contains, and whether it is vegan or vegetarian as it comes. Its choices add their own.
 */
export function ItemTagsField(props: TagsFieldProps) {
  const { _ } = useLingui();
  return (
    <div className="rounded-xl border border-[var(--border)] p-3">
      <DietTagsField
        legend={_('management.tags.contains')}
        wishesLegend={_('management.tags.is')}
        hint={_('management.tags.itemHint')}
        {...props}
      />
    </div>
  );
}

/**
 * What one choice of an option group adds to a drink (docs/allergens.md: whole milk adds milk, a
 * syrup may add tree nuts), folded under the choice so the group's form stays short.
 */
export function ChoiceTagsField({
  number,
  ...props
}: TagsFieldProps & {
  /** The choice's place in the group (1, 2, ...), for its label. */
  number: number;
}) {
  const { _ } = useLingui();
  return (
    <details className="basis-full rounded-xl border border-[var(--border)] px-3 py-1">
      <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium">
        {_('management.tags.choiceSummary', { number })}
        {props.value.length > 0 ? (
          <span className="ml-2 text-[var(--ink-muted)]">{avoidsText(props.value)}</span>
        ) : null}
      </summary>
      <div className="pb-2">
        <DietTagsField
          legend={_('management.tags.contains')}
          wishesLegend={_('management.tags.is')}
          hint={_('management.tags.choiceHint')}
          withWishes={false}
          {...props}
        />
      </div>
    </details>
  );
}
