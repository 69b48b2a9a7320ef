import { useLingui } from '@lingui/react';
import { DRINK_TYPES, type DrinkType } from '@cafe/shared';
import { drinkTypeText } from '@/lib/drink-text';
import { ChoiceChipGroup } from './choice-chip-group';
import { DrinkTypeIcon } from './drink-type-icon';

interface DrinkTypeFieldProps {
  value: DrinkType | undefined;
  onChange: (value: DrinkType) => void;
  onBlur?: () => void;
  error?: string;
}

/** Hot, cold or frappe: a radio group of icon tiles (arrow keys move, Space picks). */
export function DrinkTypeField(props: DrinkTypeFieldProps) {
  const { _ } = useLingui();
  return (
    <ChoiceChipGroup
      label={_('shared.drink.type')}
      options={DRINK_TYPES}
      className="grid grid-cols-3 gap-2"
      chipClassName="flex min-h-16 flex-col items-center justify-center gap-1 rounded-xl px-2 py-2"
      renderOption={(type) => (
        <>
          <DrinkTypeIcon type={type} className="h-5 w-5" />
          {drinkTypeText(type)}
        </>
      )}
      {...props}
    />
  );
}
