import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '@/test/render';
import { PopularOptions } from './popular-options';

const PARAMS = { startDate: '2026-11-01', endDate: '2026-12-01', categoryFor: 'cafe' as const };

/** A Blob's text (jsdom's Blob has no text()). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

describe('Most chosen options', () => {
  it('lists the choices most made on served drinks of the period, asking for that period', async () => {
    signIn({ id: 1, role: 'admin' });
    const { calls } = mockApi({
      'GET /stats/popular-options': [
        { group: 'Milk', choice: 'Oat', totalOrder: 12, totalQuantity: 12 },
        { group: 'Syrups', choice: 'Vanilla', totalOrder: 5, totalQuantity: 9 },
      ],
    });
    renderWithProviders(<PopularOptions params={PARAMS} headingId="options" today="2026-11-21" period="month" />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['MilkOat12', 'SyrupsVanilla5']);
    const call = calls.find((c) => c.path === '/stats/popular-options');
    expect(call?.search.get('startDate')).toBe('2026-11-01');
    expect(screen.getByRole('region', { name: 'Most chosen options' })).toBeInTheDocument();
  });

  it('downloads them as CSV, named by the day and the period', async () => {
    signIn({ id: 1, role: 'admin' });
    mockApi({ 'GET /stats/popular-options': [{ group: 'Milk', choice: 'Oat', totalOrder: 12, totalQuantity: 12 }] });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} }),
    );
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithProviders(<PopularOptions params={PARAMS} headingId="options" today="2026-11-21" period="month" />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Download options CSV' }));
    expect(names).toEqual(['cafe-options-2026-11-21-month.csv']);
    expect((await readBlob(blobs[0]!)).replace(/^\uFEFF/, '')).toBe(
      'Rank,Group,Choice,Orders,Quantity\r\n1,Milk,Oat,12,12\r\n',
    );
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('says so when nothing was chosen', async () => {
    signIn({ id: 1, role: 'admin' });
    mockApi({ 'GET /stats/popular-options': [] });
    renderWithProviders(<PopularOptions params={PARAMS} headingId="options" today="2026-11-21" period="month" />);
    expect(await screen.findByText('No options chosen on served drinks in this period.')).toBeInTheDocument();
  });
});
