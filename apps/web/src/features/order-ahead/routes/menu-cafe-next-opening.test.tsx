import { DEFAULT_WEEKLY_PERIODS, MESSAGES, type Category, type Schedule, type WeeklyPeriod } from '@cafe/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuVerdicts, REFUSED } from '@/features/order-ahead/test/fixtures';
import { live } from '@/test/fake-live';
import { apiError, mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { WAITING } from '@/test/waits';
import { MenuCafeRoute } from './menu-cafe-route';

/*
 * The cafe menu while the cafe is closed says when it opens again, by the schedule (docs/api.md
 * "Opening hours"), and follows the `schedule` event without a reload.
 */

const CATEGORIES: Category[] = [
  {
    id: 1,
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    isAvailable: 'available',
    menu: [{ id: 1, name: 'Latte', description: '-', category_id: 1, isActive: 'active', isAvailable: 'available' }],
  },
];

const schedule = (weekly: readonly WeeklyPeriod[], closedDays: Schedule['closedDays'] = []): Schedule => ({
  weekly: [...weekly],
  closedDays,
  nextOpening: null,
  closingWarningMinutes: 10,
  automatic: true,
});

const CLOSED = { isCafeOpen: false, isBarOpen: false };

function serve(scheduleAnswer: Schedule | ReturnType<typeof apiError>) {
  return mockApi({
    'GET /category': CATEGORIES,
    'GET /order/count/user': { totalOrder: 0 },
    'GET /cafe-status': CLOSED,
    'GET /menu/verdicts': menuVerdicts(CATEGORIES, { venue: REFUSED.cafeClosed }),
    'GET /schedule': scheduleAnswer,
  });
}

/** The notice of the closed cafe, once it says `then` after "The cafe is closed right now.". */
const closedNotice = (then: string) => screen.findByText(`${MESSAGES.cafeClosed} ${then}`);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T12:00:00Z')); // Friday 19:00 in Bangkok
  signIn({ id: 5, role: 'user', ...CLOSED });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MenuCafeRoute: when the closed cafe opens again', () => {
  it('says when the cafe opens again by the schedule', async () => {
    serve(schedule(DEFAULT_WEEKLY_PERIODS));
    renderWithProviders(<MenuCafeRoute />);
    expect(await closedNotice('The cafe opens again Monday at 9:00.')).toBeVisible();
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeDisabled();
  });

  it('skips a closed day, and says the date when it is more than a week away', async () => {
    // Monday 23 is a holiday, and the cafe opens only on Mondays.
    const mondays = [{ venue: 'cafe' as const, weekday: 1, opens: '10:30', closes: '16:00' }];
    serve(schedule(mondays, [{ day: '2026-11-23', note: 'Holiday' }]));
    renderWithProviders(<MenuCafeRoute />);
    expect(await closedNotice('The cafe opens again on Monday, 30 November 2026 at 10:30.')).toBeVisible();
  });

  it('follows the schedule event without reading it again', async () => {
    const { calls } = serve(schedule(DEFAULT_WEEKLY_PERIODS));
    renderWithProviders(<MenuCafeRoute />);
    expect(await closedNotice('The cafe opens again Monday at 9:00.')).toBeVisible();

    // A barista opens the cafe on Saturdays from 8:00.
    const saturday = { venue: 'cafe' as const, weekday: 6, opens: '08:00', closes: '12:00' };
    act(() => live.emit('schedule', schedule([...DEFAULT_WEEKLY_PERIODS, saturday])));
    expect(await closedNotice('The cafe opens again tomorrow at 8:00.')).toBeVisible();
    expect(screen.queryByText(/Monday at 9:00/)).not.toBeInTheDocument();
    expect(calls.filter((c: RecordedCall) => c.path === '/schedule')).toHaveLength(1);
  });

  it("gives the cafe's usual hours when the schedule cannot be read", async () => {
    const { calls } = serve(apiError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable'));
    const { queryClient } = renderWithProviders(<MenuCafeRoute />);
    await vi.waitFor(() => expect(queryClient.getQueryState(['schedule'])?.status).toBe('error'), WAITING);
    expect(calls.filter((c) => c.path === '/schedule')).toHaveLength(1);
    expect(await closedNotice('Cafe: every working day 9:00 - 16:00.')).toBeVisible();
  });

  it('does not read the schedule while the cafe is open', async () => {
    signIn({ id: 5, role: 'user', isCafeOpen: true, isBarOpen: false });
    vi.setSystemTime(new Date('2026-11-18T03:00:00Z')); // Wednesday 10:00 in Bangkok
    const { calls } = mockApi({
      'GET /category': CATEGORIES,
      'GET /order/count/user': { totalOrder: 0 },
      'GET /cafe-status': { isCafeOpen: true, isBarOpen: false },
    });
    renderWithProviders(<MenuCafeRoute />);
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeEnabled();
    expect(screen.queryByText(/opens again/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/schedule')).toHaveLength(0);
  });
});
