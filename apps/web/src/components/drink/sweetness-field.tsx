import { useLingui } from '@lingui/react';
import { SWEETNESS_LEVELS } from '@cafe/shared';
import { ChoiceChipGroup } from './choice-chip-group';

interface SweetnessFieldProps {
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string;
}

/** Sweetness 0%..200% as radio chips. */
export function SweetnessField(props: SweetnessFieldProps) {
  const { _ } = useLingui();
  return (
    <ChoiceChipGroup<number>
      label={_('shared.drink.sweetness')}
      options={SWEETNESS_LEVELS}
      className="flex flex-wrap gap-2"
      chipClassName="min-h-11 min-w-16 rounded-full px-3 py-1.5 text-sm"
      renderOption={(level) => `${level}%`}
      {...props}
    />
  );
}
