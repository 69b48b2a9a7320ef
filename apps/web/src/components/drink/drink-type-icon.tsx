import type { DrinkType } from '@cafe/shared';
import { CupSoda, Flame, Snowflake } from 'lucide-react';

const ICONS = { hot: Flame, cold: Snowflake, frappe: CupSoda } as const;

/** The picture for a drink type (decorative: the label carries the meaning). */
export function DrinkTypeIcon({ type, className = 'h-4 w-4' }: { type: DrinkType; className?: string }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden="true" className={className} />;
}
