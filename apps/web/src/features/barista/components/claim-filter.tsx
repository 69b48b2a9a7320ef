import { useLingui } from '@lingui/react';
import { msgId } from '@/i18n';
import type { ClaimFilter as ClaimFilterValue } from '@/features/barista/lib/claims';
import { SegmentedControl } from './segmented-control';

const OPTIONS: readonly { value: ClaimFilterValue; labelId: string }[] = [
  { value: 'mine', labelId: msgId('barista.claims.filterMine') },
  { value: 'unclaimed', labelId: msgId('barista.claims.filterUnclaimed') },
  { value: 'all', labelId: msgId('barista.claims.filterAll') },
];

/** The message id of a Whose choice's name ("Mine"), as the notice of hidden orders names it. */
export const claimFilterLabelId = (value: ClaimFilterValue): string =>
  (OPTIONS.find((o) => o.value === value) ?? OPTIONS[2]!).labelId;

/**
 * Whose tickets the board shows: mine (with every new one nobody has taken, decision 0099), those
 * nobody has taken, or all. What it hides the board counts under the toolbar.
 */
export function ClaimFilter({
  value,
  onChange,
}: {
  value: ClaimFilterValue;
  onChange: (next: ClaimFilterValue) => void;
}) {
  const { _ } = useLingui();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <span className="text-sm font-semibold text-[var(--ink-muted)]" aria-hidden="true">
        {_('barista.claims.filter')}
      </span>
      <SegmentedControl<ClaimFilterValue>
        label={_('barista.claims.filter')}
        size="compact"
        value={value}
        options={OPTIONS.map((o) => ({ value: o.value, label: _(o.labelId) }))}
        onValueChange={onChange}
        // Each choice as wide as its words ("Unclaimed" is longer than "Mine"), not an equal share.
        className="[&>*]:flex-auto!"
      />
    </div>
  );
}
