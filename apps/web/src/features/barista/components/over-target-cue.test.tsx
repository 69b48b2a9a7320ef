import type { PickupSettings } from '@cafe/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { makeOrder } from '@/features/barista/test/fixtures';
import { DEFAULT_AGE_THRESHOLDS } from '@/features/barista/lib/ticket-age';
import { mockApi, renderWithProviders } from '@/test/render';
import { OrderCard } from './order-card';

const NOW = Date.parse('2025-11-20T02:30:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const settings = (prepTargetMinutes: number): PickupSettings => ({
  slotMinutes: 15,
  leadMinutes: 15,
  daysAhead: 0,
  slotCapacity: 10,
  tumblerGraceMinutes: 5,
  readyReminderMinutes: 10,
  uncollectedAfterMinutes: 30,
  prepTargetMinutes,
  displayNames: 'first-initial',
});

function ticket(overrides: Parameters<typeof makeOrder>[0]) {
  const noop = () => undefined;
  renderWithProviders(
    <OrderCard
      order={makeOrder(overrides)}
      now={NOW}
      thresholds={DEFAULT_AGE_THRESHOLDS}
      onAdvance={noop}
      onReject={noop}
      onShowTimeline={noop}
    />,
  );
}

afterEach(() => i18n.activate('en'));

describe("a ticket past its site's preparation target", () => {
  it('shows a quiet outline and says "Over 4 min" once in progress longer than the target', async () => {
    mockApi({ 'GET /sites/1/pickup': settings(4) });
    ticket({ menuName: 'Latte', status: 'in-progress', takenAt: minutesAgo(4.5) });
    const article = screen.getByRole('article', { name: /Latte/ });
    expect(await screen.findByText('Over 4 min')).toBeInTheDocument();
    expect(article).toHaveTextContent('Over 4 min');
    expect(article.querySelector('[data-over-target]')).not.toBeNull();
  });

  it("counts from when the drink was taken against the site's own target; nothing before it is taken", async () => {
    mockApi({ 'GET /sites/1/pickup': settings(6) });
    ticket({ menuName: 'Mocha', status: 'in-progress', takenAt: minutesAgo(5), orderDate: minutesAgo(40) });
    ticket({ menuName: 'Flat White', status: 'in-progress', takenAt: minutesAgo(6) });
    ticket({ menuName: 'Cocoa', status: 'in-progress', takenAt: minutesAgo(7) });
    ticket({ menuName: 'Thai Tea', status: 'ordered', orderDate: minutesAgo(30) });
    const cocoa = screen.getByRole('article', { name: /Cocoa/ });
    expect(await screen.findByText('Over 6 min')).toBeInTheDocument();
    expect(screen.getAllByText(/Over \d+ min/)).toHaveLength(1);
    expect(cocoa).toHaveTextContent('Over 6 min');
    expect(document.querySelectorAll('[data-over-target]')).toHaveLength(1);
  });

  it('speaks Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({ 'GET /sites/1/pickup': settings(4) });
    ticket({ status: 'in-progress', takenAt: minutesAgo(10) });
    expect(await screen.findByText('เกิน 4 นาที')).toBeInTheDocument();
  });
});
