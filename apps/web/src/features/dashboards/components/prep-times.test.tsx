import type { PrepTimes as PrepTimesAnswer } from '@cafe/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderWithProviders } from '@/test/render';
import { preparationText } from '@/features/dashboards/lib/chart-data';
import { PrepTimes } from './prep-times';

const PARAMS = { startDate: '2026-11-16', endDate: '2026-11-23', categoryFor: 'cafe' as const, siteId: 1 };
const figures = (samples: number, median: number, p90: number, over: number) => ({
  samples,
  medianSeconds: median,
  p90Seconds: p90,
  overTarget: over,
});

const ANSWER: PrepTimesAnswer = {
  targetMinutes: 4,
  all: figures(10, 220, 400, 4),
  byDrink: [
    { menuId: 1, name: 'Latte', ...figures(5, 180, 600, 2) },
    { menuId: 2, name: 'Thai Tea', ...figures(5, 240, 400, 2) },
  ],
  byHour: [{ hour: 9, ...figures(10, 220, 400, 4) }],
  byBarista: [{ userId: 7, name: 'Anna', ...figures(4, 180, 300, 1) }],
};

afterEach(() => i18n.activate('en'));

describe('PrepTimes', () => {
  it('shows the median, 90th percentile and drinks over the target per drink, hour and barista', async () => {
    const { calls } = mockApi({ 'GET /stats/prep-times': ANSWER });
    renderWithProviders(<PrepTimes params={PARAMS} headingId="prep-week" />);
    const section = await screen.findByRole('region', { name: 'Preparation times' });
    expect(
      await within(section).findByText('Median 3 min 40 s over 10 drinks; 4 took longer than the 4-minute target.'),
    ).toBeInTheDocument();
    const drinks = within(section).getByRole('table', { name: 'Per drink' });
    const latte = within(drinks).getByRole('row', { name: /Latte/ });
    expect(
      within(latte)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', '3 min', '10 min', '2']);
    expect(within(drinks).getByRole('columnheader', { name: '90th percentile' })).toBeInTheDocument();
    const hours = within(section).getByRole('table', { name: 'Per hour placed' });
    expect(within(hours).getByRole('rowheader', { name: '09:00-10:00' })).toBeInTheDocument();
    const baristas = within(section).getByRole('table', { name: 'Per barista (who finished it)' });
    expect(within(baristas).getByRole('row', { name: /Anna/ })).toHaveTextContent('Anna43 min5 min1');
    expect(calls[0]?.search.get('siteId')).toBe('1');
  });

  it('says when no drink was timed', async () => {
    mockApi({
      'GET /stats/prep-times': {
        ...ANSWER,
        all: { samples: 0, medianSeconds: null, p90Seconds: null, overTarget: 0 },
        byDrink: [],
        byHour: [],
        byBarista: [],
      },
    });
    renderWithProviders(<PrepTimes params={PARAMS} headingId="prep-week" />);
    expect(await screen.findByText('No drink was timed from in progress to done in this period.')).toBeInTheDocument();
  });

  it('says a time as the average preparation card does: "6 s", "1 min 12 s", never "0:03"', async () => {
    // Issue 62: the card said "6 s" and this section "Median 0:03 (minutes:seconds)".
    expect(preparationText({ averageSeconds: 6, samples: 4 }).value).toBe('6 s');
    mockApi({
      'GET /stats/prep-times': {
        ...ANSWER,
        targetMinutes: null,
        all: figures(4, 3, 72, 0),
        byDrink: [{ menuId: 1, name: 'Latte', ...figures(4, 3, 72, 0) }],
      },
    });
    renderWithProviders(<PrepTimes params={PARAMS} headingId="prep-week" />);
    const section = await screen.findByRole('region', { name: 'Preparation times' });
    expect(
      await within(section).findByText("Median 3 s over 4 drinks; 0 took longer than their site's target."),
    ).toBeInTheDocument();
    const latte = within(within(section).getByRole('table', { name: 'Per drink' })).getByRole('row', { name: /Latte/ });
    expect(
      within(latte)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '3 s', '1 min 12 s', '0']);
    expect(section).not.toHaveTextContent(/minutes:seconds/);
  });

  it('speaks Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({ 'GET /stats/prep-times': ANSWER });
    renderWithProviders(<PrepTimes params={PARAMS} headingId="prep-week" />);
    expect(await screen.findByRole('table', { name: 'ตามเครื่องดื่ม' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'เวลาในการเตรียม' })).toBeInTheDocument();
  });
});
