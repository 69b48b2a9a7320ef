import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderCountBadge } from './order-count-badge';

describe('OrderCountBadge', () => {
  it('reads "Ordered n/2" and is not red below the limit', () => {
    render(<OrderCountBadge count={1} />);
    const badge = screen.getByText('Ordered 1/2').closest('p');
    expect(badge).toHaveAttribute('data-limit-reached', 'false');
    expect(badge?.className).not.toContain('--danger');
  });

  it('turns red at the limit', () => {
    render(<OrderCountBadge count={2} />);
    const badge = screen.getByText('Ordered 2/2').closest('p');
    expect(badge).toHaveAttribute('data-limit-reached', 'true');
    expect(badge?.className).toContain('text-[var(--danger)]');
  });
});
