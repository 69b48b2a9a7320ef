import type { CategoryFor } from '@cafe/shared';
import { StatusPill } from '@/components/ui';

const LABELS: Record<CategoryFor, string> = { cafe: 'Cafe', bar: 'Bar' };

/** Which venue a category belongs to. */
export function CategoryForBadge({ categoryFor }: { categoryFor: CategoryFor }) {
  return <StatusPill tone={categoryFor === 'cafe' ? 'accent' : 'warning'}>{LABELS[categoryFor]}</StatusPill>;
}

export const CATEGORY_FOR_LABELS = LABELS;
