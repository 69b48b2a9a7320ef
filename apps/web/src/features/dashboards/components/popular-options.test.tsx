import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '@/test/render';
import { PopularOptions } from './popular-options';

const PARAMS = { startDate: '2026-11-01', endDate: '2026-12-01', categoryFor: 'cafe' as const };

describe('Most chosen options', () => {
  it('lists the choices most made on served drinks of the period, asking for that period', async () => {
    signIn({ id: 1, role: 'admin' });
    const { calls } = mockApi({
      'GET /stats/popular-options': [
        { group: 'Milk', choice: 'Oat', totalOrder: 12, totalQuantity: 12 },
        { group: 'Syrups', choice: 'Vanilla', totalOrder: 5, totalQuantity: 9 },
      ],
    });
    renderWithProviders(<PopularOptions params={PARAMS} headingId="options" />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['MilkOat12', 'SyrupsVanilla5']);
    const call = calls.find((c) => c.path === '/stats/popular-options');
    expect(call?.search.get('startDate')).toBe('2026-11-01');
    expect(screen.getByRole('region', { name: 'Most chosen options' })).toBeInTheDocument();
  });

  it('says so when nothing was chosen', async () => {
    signIn({ id: 1, role: 'admin' });
    mockApi({ 'GET /stats/popular-options': [] });
    renderWithProviders(<PopularOptions params={PARAMS} headingId="options" />);
    expect(await screen.findByText('No options chosen on served drinks in this period.')).toBeInTheDocument();
  });
});
