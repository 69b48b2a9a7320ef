import type { DietTag } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { DietTagsField } from '@/components/diet/diet-tags-field';

/**
 * An item's allergen and diet tags in Add Menu and Edit Menu (docs/allergens.md): what the drink
 * always contains, and whether it is vegan or vegetarian as it comes. Its choices add their own.
 */
export function ItemTagsField({ value, onChange }: { value: readonly DietTag[]; onChange: (tags: DietTag[]) => void }) {
  const { _ } = useLingui();
  return (
    <div className="rounded-xl border border-[var(--border)] p-3">
      <DietTagsField
        legend={_('management.tags.contains')}
        wishesLegend={_('management.tags.is')}
        hint={_('management.tags.itemHint')}
        value={value}
        onChange={onChange}
      />
    </div>
  );
}
