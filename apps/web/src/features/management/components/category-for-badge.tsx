import type { CategoryFor } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { StatusPill } from '@/components/ui';
import { msgId } from '@/i18n';

/** The venues' names (message ids). */
export const CATEGORY_FOR_LABELS: Record<CategoryFor, string> = {
  cafe: msgId('management.venue.cafe'),
  bar: msgId('management.venue.bar'),
};

/** Which venue a category belongs to. */
export function CategoryForBadge({ categoryFor }: { categoryFor: CategoryFor }) {
  const { _ } = useLingui();
  return (
    <StatusPill tone={categoryFor === 'cafe' ? 'accent' : 'warning'}>{_(CATEGORY_FOR_LABELS[categoryFor])}</StatusPill>
  );
}
