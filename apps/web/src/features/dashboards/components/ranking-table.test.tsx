import type { PopularMenuRow } from '@cafe/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RankingTable } from './ranking-table';

const rows: PopularMenuRow[] = Array.from({ length: 25 }, (_, i) => ({
  Menu_name: `Drink ${String.fromCharCode(65 + i)}`,
  categoryName: i % 2 === 0 ? 'Coffee' : 'Tea',
  categoryFor: 'cafe',
  totalOrder: 100 - i,
}));

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('RankingTable', () => {
  it('pages 25 rows as 3 pages of 10 with previous, next and numbered buttons', async () => {
    const user = userEvent.setup();
    render(<RankingTable rows={rows} />);
    const nav = screen.getByRole('navigation', { name: 'Ranking pages' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page \d$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();

    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]).toHaveTextContent(/^1Drink ACoffee100$/);

    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]).toHaveTextContent(/^11Drink KCoffee90$/);
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(bodyRows()).toHaveLength(5);
    expect(bodyRows()[4]).toHaveTextContent(/^25Drink YCoffee76$/);
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(bodyRows()[0]).toHaveTextContent(/^11Drink K/);
  });

  it('shows no page buttons for a single page', () => {
    render(<RankingTable rows={rows.slice(0, 10)} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
  });
});
