import { DEFAULT_WEEKLY_PERIODS, SHOP_CLOSING_NOTE, type Schedule } from '@cafe/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { live } from '@/test/fake-live';
import { mockApi, renderWithProviders, signIn } from '@/test/render';
import { ClosingSoonBanner } from './closing-soon-banner';

/*
 * Ten minutes before a scheduled change closes a venue, everyone is told (docs/api.md "Opening
 * hours"): the board and a person with a waiting order of that venue see when, and what happens
 * to the orders still waiting then.
 */

vi.mock('@/lib/socket', () => import('@/test/fake-live'));

const schedule = (automatic: boolean): Schedule => ({
  weekly: [...DEFAULT_WEEKLY_PERIODS],
  closedDays: [],
  nextOpening: null,
  closingWarningMinutes: 10,
  automatic,
});

/** Wednesday 18 November 2026 at `time` in Bangkok (UTC+7). */
const wednesdayAt = (time: string) => new Date(`2026-11-18T${time}:00+07:00`);

function setClock(at: Date) {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(at);
}

const STAFF_RULE = `Orders still waiting then are rejected with "${SHOP_CLOSING_NOTE}". Drinks in progress stay for you to finish.`;
const CUSTOMER_RULE = `If your order is still waiting then, it is rejected with "${SHOP_CLOSING_NOTE}".`;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ClosingSoonBanner', () => {
  it('tells the board as soon as the closing-soon event arrives, in cafe time', async () => {
    setClock(wednesdayAt('11:00'));
    signIn({ role: 'barista', isCafeOpen: true });
    // Opened by hand, the schedule says nothing about 11:10: only the server's event does.
    mockApi({ 'GET /schedule': schedule(false) });
    renderWithProviders(<ClosingSoonBanner audience="staff" />);
    await act(async () => Promise.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => live.emit('closing-soon', { venue: 'cafe', at: '2026-11-18T04:10:00.000Z' }));
    expect(screen.getByRole('status')).toHaveTextContent(`The cafe closes at 11:10. ${STAFF_RULE}`);
  });

  it('works it out from the schedule on a screen opened after the event, and is gone once the time has passed', async () => {
    setClock(wednesdayAt('15:52'));
    signIn({ role: 'barista', isCafeOpen: true });
    mockApi({ 'GET /schedule': schedule(true) });
    renderWithProviders(<ClosingSoonBanner audience="staff" />);
    expect(await screen.findByRole('status')).toHaveTextContent(`The cafe closes at 16:00. ${STAFF_RULE}`);

    // The screen's clock moves on every 30 seconds: past 16:00 there is nothing to warn of.
    act(() => {
      vi.advanceTimersByTime(9 * 60_000);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('stays quiet more than ten minutes before the close', async () => {
    setClock(wednesdayAt('15:45'));
    signIn({ role: 'barista', isCafeOpen: true });
    mockApi({ 'GET /schedule': schedule(true) });
    renderWithProviders(<ClosingSoonBanner audience="staff" />);
    await act(async () => Promise.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Five minutes later the warning is due.
    act(() => {
      vi.advanceTimersByTime(5 * 60_000);
    });
    expect(await screen.findByRole('status')).toHaveTextContent('The cafe closes at 16:00.');
  });

  it('says nothing of a venue that is not open (closed by hand already)', async () => {
    setClock(wednesdayAt('15:52'));
    signIn({ role: 'barista', isCafeOpen: false, isBarOpen: false });
    mockApi({ 'GET /schedule': schedule(true) });
    renderWithProviders(<ClosingSoonBanner audience="staff" />);
    act(() => live.emit('closing-soon', { venue: 'cafe', at: '2026-11-18T09:00:00.000Z' }));
    await act(async () => Promise.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does not work it out from the schedule when the server does not run the opening hours', async () => {
    setClock(wednesdayAt('15:52'));
    signIn({ role: 'barista', isCafeOpen: true });
    const { calls } = mockApi({ 'GET /schedule': schedule(false) });
    renderWithProviders(<ClosingSoonBanner audience="staff" />);
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/schedule')).toBe(true));
    await act(async () => Promise.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('tells a customer only about the venue of an order still waiting', async () => {
    setClock(wednesdayAt('15:52'));
    signIn({ role: 'user', isCafeOpen: true });
    mockApi({ 'GET /schedule': schedule(true) });
    const { unmount } = renderWithProviders(<ClosingSoonBanner audience="customer" waitingVenues={['cafe']} />);
    expect(await screen.findByRole('status')).toHaveTextContent(`The cafe closes at 16:00. ${CUSTOMER_RULE}`);
    expect(screen.getByRole('status')).not.toHaveTextContent('Drinks in progress');
    unmount();

    renderWithProviders(<ClosingSoonBanner audience="customer" waitingVenues={[]} />);
    await act(async () => Promise.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
