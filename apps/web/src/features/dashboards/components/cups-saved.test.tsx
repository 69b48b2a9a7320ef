import type { CupsSavedStats } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { useStatsLive } from '@/features/dashboards/api/use-stats-live';
import { ordersEvent } from '@/features/dashboards/test/fixtures';
import { live } from '@/test/fake-live';
import { mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { CupsSaved } from './cups-saved';
import { PeriodView } from './period-view';

const PARAMS = { startDate: '2026-10-01', endDate: '2026-12-01', categoryFor: 'cafe' as const, siteId: 2 };

const FACTORS = { wasteGramsPerCup: 11.5, co2GramsPerCup: 33 };

const STATS: CupsSavedStats = {
  cups: 1240,
  wasteGrams: 14260,
  co2Grams: 40920,
  factors: FACTORS,
  bySite: [
    { siteId: 1, siteName: 'Head office', cups: 1000 },
    { siteId: 2, siteName: 'London office', cups: 240 },
  ],
  byMonth: [
    { month: '2026-10', cups: 1040 },
    { month: '2026-11', cups: 200 },
  ],
  byTeam: [
    { team: 'Finance', cups: 900 },
    { team: 'Design, "Studio"', cups: 300 },
    { team: null, cups: 40 },
  ],
};

const EMPTY: CupsSavedStats = { ...STATS, cups: 0, wasteGrams: 0, co2Grams: 0, bySite: [], byMonth: [], byTeam: [] };

function renderCard(siteName?: string) {
  return renderWithProviders(
    <CupsSaved params={PARAMS} headingId="cups" today="2026-11-21" period="month" siteName={siteName} />,
  );
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

/** A Blob's text (jsdom's Blob has no text()). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

/** Catches what the page saves: the file names and their contents. */
function catchDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return {
    names,
    text: async (index: number) => (await readBlob(blobs[index]!)).replace(/^\uFEFF/, ''),
    restore: () => {
      click.mockRestore();
      vi.unstubAllGlobals();
    },
  };
}

describe('Cups saved', () => {
  it('shows the cups, the waste and CO2e avoided in kilograms, and the factors, asking for the period and site', async () => {
    signIn({ role: 'barista' });
    const { calls } = mockApi({ 'GET /stats/cups-saved': STATS });
    renderCard();
    const region = screen.getByRole('region', { name: 'Cups saved' });
    await within(region).findByText('Total cups');
    const terms = within(region)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(region)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Total cups', 'Waste avoided', 'CO2e avoided']);
    expect(values).toEqual(['1,240', '14.3 kg', '40.9 kg']);
    expect(region).toHaveTextContent('Counted at 11.5 g of waste and 33 g CO2e per cup; see the docs for the sources.');
    const call = calls.find((c) => c.path === '/stats/cups-saved');
    expect(call?.search.get('startDate')).toBe('2026-10-01');
    expect(call?.search.get('endDate')).toBe('2026-12-01');
    expect(call?.search.get('siteId')).toBe('2');
  });

  it('tabulates the cups per site, per month and per team, people without a team as "No team"', async () => {
    signIn({ role: 'admin' });
    mockApi({ 'GET /stats/cups-saved': STATS });
    renderCard();
    const bySite = await screen.findByRole('table', { name: 'Cups saved by site' });
    expect(
      within(bySite)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Site', 'Cups']);
    expect(bodyRows(bySite)).toEqual(['Head office1,000', 'London office240']);
    const byMonth = screen.getByRole('table', { name: 'Cups saved by month' });
    expect(bodyRows(byMonth)).toEqual(['October 20261,040', 'November 2026200']);
    const byTeam = screen.getByRole('table', { name: 'Cups saved by team' });
    expect(
      within(byTeam)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Finance', 'Design, "Studio"', 'No team']);
    expect(bodyRows(byTeam)).toEqual(['Finance900', 'Design, "Studio"300', 'No team40']);
  });

  it('downloads the totals, the factors and every row as CSV, named by the day and the period', async () => {
    signIn({ role: 'admin' });
    mockApi({ 'GET /stats/cups-saved': STATS });
    const downloads = catchDownloads();
    renderCard('London office');
    await screen.findByRole('table', { name: 'Cups saved by site' });
    await userEvent.click(screen.getByRole('button', { name: 'Download cups saved CSV' }));
    expect(downloads.names).toEqual(['cafe-cups-saved-2026-11-21-month.csv']);
    expect((await downloads.text(0)).split('\r\n')).toEqual([
      'Breakdown,Name,Cups,Waste grams,CO2e grams',
      'Total,London office,1240,14260,40920',
      'Per cup,,1,11.5,33',
      'Site,Head office,1000,11500,33000',
      'Site,London office,240,2760,7920',
      'Month,2026-10,1040,11960,34320',
      'Month,2026-11,200,2300,6600',
      'Team,Finance,900,10350,29700',
      'Team,"Design, ""Studio""",300,3450,9900',
      'Team,No team,40,460,1320',
      '',
    ]);
    downloads.restore();
  });

  it('says so for a period without a cup saved, with nothing to download', async () => {
    signIn({ role: 'barista' });
    mockApi({ 'GET /stats/cups-saved': EMPTY });
    renderCard();
    expect(await screen.findByText('No cups saved in this period')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download cups saved CSV' })).toBeDisabled();
  });

  it('offers a retry when the figures cannot be read', async () => {
    signIn({ role: 'barista' });
    mockApi({});
    renderCard();
    expect(await screen.findByText('Could not load the cups saved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download cups saved CSV' })).toBeDisabled();
  });

  it('speaks Thai, with the numbers and months of the Thai locale', async () => {
    await loadEverything('th');
    i18n.activate('th');
    signIn({ role: 'admin' });
    mockApi({ 'GET /stats/cups-saved': { ...STATS, wasteGrams: 420, byMonth: [{ month: '2026-11', cups: 1240 }] } });
    renderCard();
    const region = screen.getByRole('region', { name: 'ลดแก้วใช้แล้วทิ้ง' });
    await within(region).findByRole('table', { name: 'แก้วที่ลดได้ตามทีม' });
    expect(
      within(region)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['1,240', '0.42 กก.', '40.9 กก.']);
    expect(bodyRows(screen.getByRole('table', { name: 'แก้วที่ลดได้ตามเดือน' }))).toEqual(['พฤศจิกายน 25691,240']);
    expect(
      within(screen.getByRole('table', { name: 'แก้วที่ลดได้ตามทีม' })).getByRole('rowheader', { name: 'ไม่มีทีม' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ดาวน์โหลด CSV แก้วที่ลดได้' })).toBeEnabled();
  });
});

describe('Cups saved on the dashboard', () => {
  function serve() {
    return mockApi((call: RecordedCall) => (call.path === '/stats/cups-saved' ? { body: STATS } : undefined));
  }

  it('is on the cafe dashboard of a barista', async () => {
    signIn({ role: 'barista' });
    serve();
    renderWithProviders(<PeriodView venue="cafe" period="month" today="2026-11-21" />);
    const region = screen.getByRole('region', { name: 'Cups saved' });
    expect(await within(region).findByRole('table', { name: 'Cups saved by team' })).toBeInTheDocument();
  });

  it('is not on the bar dashboard, and is never asked for there', async () => {
    signIn({ role: 'admin' });
    const { calls } = serve();
    renderWithProviders(<PeriodView venue="bar" period="month" today="2026-11-21" />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Cups saved' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/stats/cups-saved')).toBe(false);
  });
});

describe('Cups saved, live', () => {
  function Probe() {
    useStatsLive(20, { today: '2026-11-21' });
    // The month of the dashboard's today, every site together: a period the live hook keeps.
    const params = { startDate: '2026-11-01', endDate: '2026-12-01', categoryFor: 'cafe' as const };
    return <CupsSaved params={params} headingId="cups" today="2026-11-21" period="month" />;
  }

  it('asks again once a drink in its owner’s tumbler is picked up, once for a rush, and not for other moves', async () => {
    signIn({ role: 'admin' });
    const { calls } = mockApi({ 'GET /stats/cups-saved': STATS });
    renderWithProviders(<Probe />);
    await screen.findByRole('table', { name: 'Cups saved by site' });
    const asked = () => calls.filter((c) => c.path === '/stats/cups-saved').length;
    expect(asked()).toBe(1);
    const at = '2026-11-20T03:00:00.000Z';
    act(() => {
      for (const id of [1, 2, 3]) live.emit('orders', ordersEvent('picked', 'done', at, 'Latte', id));
    });
    await waitFor(() => expect(asked()).toBe(2));

    act(() => {
      // Made, not yet picked up; and picked up in a paper cup: no cup saved either way.
      live.emit('orders', ordersEvent('done', 'in-progress', at, 'Latte', 4));
      const paper = ordersEvent('picked', 'done', at, 'Latte', 5);
      live.emit('orders', { ...paper, order: { ...paper.order, ownCup: false } });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked()).toBe(2);
  });
});
