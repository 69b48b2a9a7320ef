import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { TicketDiet } from './ticket-diet';

describe('TicketDiet (what the order owner avoids, on the barista ticket)', () => {
  it('names first what of the drink they avoid, then the rest of their list', () => {
    renderWithProviders(
      <TicketDiet order={{ avoids: ['milk', 'peanuts', 'vegan'], dietWarnings: ['milk', 'vegan'] }} />,
    );
    expect(screen.getByText('Not for them: Milk, not Vegan')).toBeInTheDocument();
    expect(screen.getByText('Also avoids: Peanuts')).toBeInTheDocument();
  });

  it('says what they avoid when the drink has none of it, and nothing for an owner who avoids nothing', () => {
    const { unmount } = renderWithProviders(
      <TicketDiet order={{ avoids: ['peanuts', 'vegetarian'], dietWarnings: [] }} />,
    );
    expect(screen.getByTestId('ticket-diet')).toHaveTextContent('Avoids: Peanuts, Vegetarian only');
    unmount();
    renderWithProviders(<TicketDiet order={{ avoids: [], dietWarnings: [] }} />);
    expect(screen.queryByTestId('ticket-diet')).toBeNull();
  });
});
