import { DIET_WISHES, type DietTag } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { TriangleAlert } from 'lucide-react';
import { conflictsText, dietTagsText } from '@/lib/diet';
import { cn } from '@/lib/cn';

const isWish = (tag: DietTag) => (DIET_WISHES as readonly DietTag[]).includes(tag);

/**
 * "Contains Milk, which you avoid" (and "Not marked Vegan, which you drink only"): what of a drink
 * conflicts with what a person avoids (docs/allergens.md). Nothing when nothing does. `person`: the
 * name of someone else (the barista's walk-up dialog). `untagged`: nobody has said what the drink
 * contains (the shared isUntagged), said to a person who avoids something instead of nothing.
 */
export function DietWarning({
  conflicts,
  untagged = false,
  person,
  className,
  id,
}: {
  conflicts: readonly DietTag[];
  untagged?: boolean;
  person?: string;
  className?: string;
  id?: string;
}) {
  const { _ } = useLingui();
  if (conflicts.length === 0 && !untagged) return null;
  const contains = conflicts.filter((t) => !isWish(t));
  const wishes = conflicts.filter(isWish);
  return (
    <div
      id={id}
      role="note"
      data-testid="diet-warning"
      className={cn(
        'flex items-start gap-2 rounded-xl border border-[var(--warning)] bg-[var(--warning-soft)] px-3 py-2 text-sm font-medium text-[var(--warning)]',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0 space-y-1">
        {contains.length > 0 ? (
          <p>
            {person
              ? _('shared.diet.containsFor', { tags: dietTagsText(contains), name: person })
              : _('people.diet.contains', { names: dietTagsText(contains) })}
          </p>
        ) : null}
        {wishes.length > 0 ? (
          <p>
            {person
              ? _('shared.diet.notWishFor', { tags: dietTagsText(wishes), name: person })
              : _('people.diet.notWish', { names: dietTagsText(wishes) })}
          </p>
        ) : null}
        {untagged && conflicts.length === 0 ? <p>{_('people.diet.untagged')}</p> : null}
      </div>
    </div>
  );
}

/**
 * A menu tile's (or a card's) short mark of what the drink (with its defaults) has that the person
 * avoids; for a person who avoids something, an item nobody has tagged says so, with what to do.
 */
export function DietBadge({ conflicts, untagged = false }: { conflicts: readonly DietTag[]; untagged?: boolean }) {
  const { _ } = useLingui();
  if (conflicts.length === 0 && !untagged) return null;
  return (
    <span
      data-testid="diet-badge"
      className="inline-flex items-start gap-1 rounded-md bg-[var(--warning-soft)] px-1.5 py-0.5 text-xs font-semibold text-[var(--warning)]"
    >
      <TriangleAlert aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
      {conflicts.length > 0 ? _('shared.diet.badge', { tags: conflictsText(conflicts) }) : _('people.diet.untagged')}
    </span>
  );
}

/**
 * The question before placing a drink with what the person avoids: a checkbox they tick to place it
 * anyway (the place button stays off until then). Not a silent filter: the person decides.
 */
export function DietConfirm({
  conflicts,
  checked,
  onChange,
  person,
}: {
  conflicts: readonly DietTag[];
  checked: boolean;
  onChange: (checked: boolean) => void;
  person?: string;
}) {
  const { _ } = useLingui();
  if (conflicts.length === 0) return null;
  return (
    <div className="space-y-2">
      <DietWarning conflicts={conflicts} person={person} id="diet-warning-text" />
      <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-[var(--border)] px-3 py-2 text-sm font-medium">
        <input
          type="checkbox"
          className="h-6 w-6 shrink-0 accent-[var(--accent)]"
          checked={checked}
          aria-describedby="diet-warning-text"
          onChange={(event) => onChange(event.target.checked)}
        />
        {person ? _('shared.diet.confirmFor', { name: person }) : _('people.diet.confirm')}
      </label>
    </div>
  );
}
