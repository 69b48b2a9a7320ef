import { DIET_TAGS, DIET_WISHES, type DietTag } from '@cafe/shared';
import { useId } from 'react';
import { dietTagName } from '@/lib/diet';

const ALLERGENS = DIET_TAGS.filter((t) => !(DIET_WISHES as readonly DietTag[]).includes(t));

/**
 * The fixed list of allergen and diet tags as checkboxes (docs/allergens.md): what an item or a
 * choice contains (Menu Management), or what a person avoids (their profile). Two groups, the
 * allergens with caffeine, then vegan and vegetarian, each a labelled fieldset.
 */
export function DietTagsField({
  legend,
  wishesLegend,
  hint,
  value,
  onChange,
  disabled = false,
  withWishes = true,
}: {
  legend: string;
  wishesLegend: string;
  hint?: string;
  value: readonly DietTag[];
  onChange: (tags: DietTag[]) => void;
  disabled?: boolean;
  /** Vegan and vegetarian too (an item, a person); a choice only adds what it contains. */
  withWishes?: boolean;
}) {
  const hintId = useId();
  const toggle = (tag: DietTag, on: boolean) => onChange(DIET_TAGS.filter((t) => (t === tag ? on : value.includes(t))));
  const boxes = (tags: readonly DietTag[]) => (
    <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
      {tags.map((tag) => (
        <label key={tag} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-6 w-6 shrink-0 accent-[var(--accent)]"
            name="diet-tags"
            value={tag}
            checked={value.includes(tag)}
            disabled={disabled}
            onChange={(event) => toggle(tag, event.target.checked)}
          />
          {dietTagName(tag)}
        </label>
      ))}
    </div>
  );
  return (
    <div className="space-y-3">
      {hint ? (
        <p id={hintId} className="text-sm text-[var(--ink-muted)]">
          {hint}
        </p>
      ) : null}
      <fieldset aria-describedby={hint ? hintId : undefined}>
        <legend className="mb-1 text-sm font-semibold">{legend}</legend>
        {boxes(ALLERGENS)}
      </fieldset>
      {withWishes ? (
        <fieldset aria-describedby={hint ? hintId : undefined}>
          <legend className="mb-1 text-sm font-semibold">{wishesLegend}</legend>
          {boxes(DIET_WISHES)}
        </fieldset>
      ) : null}
    </div>
  );
}
