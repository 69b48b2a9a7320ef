import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderOptions } from './order-options';

describe('OrderOptions on a ticket', () => {
  it('stresses the choices that differ from the default', () => {
    render(
      <OrderOptions
        options={[
          { groupId: 1, group: 'Size', choiceId: 12, choice: 'Large', quantity: 1, isDefault: false },
          { groupId: 2, group: 'Milk', choiceId: 21, choice: 'Whole', quantity: 1, isDefault: true },
          { groupId: 3, group: 'Extras', choiceId: 31, choice: 'Extra shot', quantity: 2, isDefault: false },
        ]}
      />,
    );
    expect(screen.getByTestId('order-options')).toHaveTextContent('Large · Whole · 2× Extra shot');
    expect(screen.getByText('Large').tagName).toBe('STRONG');
    expect(screen.getByText('2× Extra shot').tagName).toBe('STRONG');
    expect(screen.getByText('Whole').tagName).toBe('SPAN');
  });

  it('shows nothing for an order without options', () => {
    const { container } = render(<OrderOptions options={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
