import type { ChosenOption, MenuOptionGroup } from '@cafe/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { defaultOptions, keepOffered, optionsProblem, optionsText } from '@/lib/drink-options';
import { renderWithProviders } from '@/test/render';
import { OptionGroupsField } from './option-groups-field';

const choice = (id: number, name: string, extra: Partial<MenuOptionGroup['choices'][number]> = {}) => ({
  id,
  name,
  isDefault: false,
  soldOut: false,
  soldOutUntil: null,
  ...extra,
});

const SIZE: MenuOptionGroup = {
  id: 1,
  name: 'Size',
  minChoices: 1,
  maxChoices: 1,
  maxQuantity: 1,
  choices: [choice(11, 'Regular', { isDefault: true }), choice(12, 'Large')],
};
const MILK: MenuOptionGroup = {
  id: 2,
  name: 'Milk',
  minChoices: 1,
  maxChoices: 1,
  maxQuantity: 1,
  choices: [choice(21, 'Whole', { isDefault: true }), choice(22, 'Oat', { soldOut: true }), choice(23, 'Soy')],
};
const SYRUPS: MenuOptionGroup = {
  id: 3,
  name: 'Syrups',
  minChoices: 0,
  maxChoices: 2,
  maxQuantity: 3,
  choices: [choice(31, 'Vanilla'), choice(32, 'Caramel'), choice(33, 'Hazelnut')],
};
const GROUPS = [SIZE, MILK, SYRUPS];

function Harness({ start }: { start: ChosenOption[] }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <OptionGroupsField groups={GROUPS} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const chosen = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as ChosenOption[];

describe('drink options', () => {
  it('starts from the defaults, one choice as radio buttons, several as check boxes', async () => {
    renderWithProviders(<Harness start={defaultOptions(GROUPS)} />);
    expect(screen.getByRole('radio', { name: 'Regular' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Whole' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Vanilla' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Large' }));
    expect(screen.getByRole('radio', { name: 'Regular' })).not.toBeChecked();
    expect(chosen().map((c) => c.choiceId)).toEqual([21, 12]);
    expect(screen.getByText('Choose up to 2')).toBeInTheDocument();
  });

  it('shows a sold-out choice that cannot be chosen', () => {
    renderWithProviders(<Harness start={defaultOptions(GROUPS)} />);
    expect(screen.getByRole('radio', { name: /Oat/ })).toBeDisabled();
    expect(screen.getByText('(Sold out)')).toBeInTheDocument();
  });

  it('greys the other boxes once the maximum is reached, and counts a quantity within its limit', async () => {
    renderWithProviders(<Harness start={defaultOptions(GROUPS)} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vanilla' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Caramel' }));
    expect(screen.getByRole('checkbox', { name: 'Hazelnut' })).toBeDisabled();
    const more = screen.getByRole('button', { name: 'More Vanilla' });
    await userEvent.click(more);
    await userEvent.click(more);
    expect(more).toBeDisabled();
    expect(chosen().find((c) => c.choiceId === 31)?.quantity).toBe(3);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Caramel' }));
    expect(screen.getByRole('checkbox', { name: 'Hazelnut' })).toBeEnabled();
  });

  it("says which group still needs a choice, and reads an order's choices as one line", () => {
    expect(optionsProblem(GROUPS, [{ choiceId: 12 }])).toEqual({ groupId: 2, message: 'Milk: Choose 1' });
    expect(optionsProblem(GROUPS, defaultOptions(GROUPS))).toBeNull();
    expect(keepOffered(GROUPS, [{ choiceId: 22 }, { choiceId: 99 }, { choiceId: 12 }])).toEqual([{ choiceId: 12 }]);
    expect(
      optionsText([
        { choice: 'Large', quantity: 1 },
        { choice: 'Vanilla', quantity: 2 },
      ]),
    ).toBe('Large · 2× Vanilla');
  });
});
