import { DEFAULT_WEEKLY_PERIODS, SHOP_CLOSING_NOTE, type Schedule } from '@cafe/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteScope } from '@/api/site-state';
import { useStaffSiteChoice } from '@/lib/site-choice';
import { live } from '@/test/fake-live';
import { mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { siteOf } from '@/test/sites';
import { WAITING } from '@/test/waits';
import { ClosingSoonBanner } from './closing-soon-banner';

/*
 * Ten minutes before a scheduled change closes a venue, everyone is told (docs/api.md "Opening
 * hours"): the board and a person with a waiting order of that venue see when, and what happens
 * to the orders still waiting then.
 */

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

/** The fake API: the schedule, and GET /sites with the first site in the shop status `status`. */
function mockSiteApi(answers: { schedule: Schedule; status?: { isCafeOpen: boolean; isBarOpen: boolean } }) {
  const { status = { isCafeOpen: true, isBarOpen: false } } = answers;
  return mockApi({ 'GET /schedule': answers.schedule, 'GET /sites': [siteOf(1, 'Head office', { status })] });
}

/** A barista of the first site. */
const signInBarista = () => signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1] });

/** The banner on the board, which the router puts in the staff site's scope. */
const renderStaffBanner = () =>
  renderWithProviders(
    <SiteScope of="staff">
      <ClosingSoonBanner audience="staff" />
    </SiteScope>,
  );

const STAFF_RULE = `Orders still waiting then are rejected with "${SHOP_CLOSING_NOTE}". Drinks in progress stay for you to finish.`;
const CUSTOMER_RULE = `If your order is still waiting then, it is rejected with "${SHOP_CLOSING_NOTE}".`;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ClosingSoonBanner', () => {
  it('tells the board as soon as the closing-soon event arrives, in cafe time', async () => {
    setClock(wednesdayAt('11:00'));
    signInBarista();
    // Opened by hand, the schedule says nothing about 11:10: only the server's event does.
    const { calls } = mockSiteApi({ schedule: schedule(false) });
    renderStaffBanner();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/sites')).toBe(true), WAITING);
    await act(async () => Promise.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => live.emit('closing-soon', { venue: 'cafe', at: '2026-11-18T04:10:00.000Z' }));
    expect(screen.getByRole('status')).toHaveTextContent(`The cafe closes at 11:10. ${STAFF_RULE}`);
  });

  it('works it out from the schedule on a screen opened after the event, and is gone once the time has passed', async () => {
    setClock(wednesdayAt('15:52'));
    signInBarista();
    mockSiteApi({ schedule: schedule(true) });
    renderStaffBanner();
    expect(await screen.findByRole('status')).toHaveTextContent(`The cafe closes at 16:00. ${STAFF_RULE}`);

    // The screen's clock moves on every 30 seconds: past 16:00 there is nothing to warn of.
    act(() => {
      vi.advanceTimersByTime(9 * 60_000);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('stays quiet more than ten minutes before the close', async () => {
    setClock(wednesdayAt('15:45'));
    signInBarista();
    mockSiteApi({ schedule: schedule(true) });
    renderStaffBanner();
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
    signInBarista();
    mockSiteApi({ schedule: schedule(true), status: { isCafeOpen: false, isBarOpen: false } });
    renderStaffBanner();
    act(() => live.emit('closing-soon', { venue: 'cafe', at: '2026-11-18T09:00:00.000Z' }));
    await act(async () => Promise.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does not work it out from the schedule when the server does not run the opening hours', async () => {
    setClock(wednesdayAt('15:52'));
    signInBarista();
    const { calls } = mockSiteApi({ schedule: schedule(false) });
    renderStaffBanner();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/schedule')).toBe(true), WAITING);
    await act(async () => Promise.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("follows the staff site on the board: its shop status, its schedule and its clock, not the home site's", async () => {
    // 15:52 in Berlin, 21:52 in Bangkok: Tower B's cafe closes at 16:00; the head office is closed.
    setClock(new Date('2026-11-18T14:52:00Z'));
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1, 2] });
    useStaffSiteChoice.setState({ siteId: 2 });
    const sites = [
      siteOf(1, 'Head office', { status: { isCafeOpen: false, isBarOpen: false } }),
      siteOf(2, 'Tower B', { timeZone: 'Europe/Berlin', status: { isCafeOpen: true, isBarOpen: false } }),
    ];
    const { calls } = mockApi({ 'GET /schedule': schedule(true), 'GET /sites': sites });
    try {
      renderStaffBanner();
      expect(await screen.findByRole('status')).toHaveTextContent(`The cafe closes at 16:00. ${STAFF_RULE}`);
      const reads = calls.filter((c: RecordedCall) => c.path === '/schedule');
      expect(reads.map((c) => c.search.get('siteId'))).toEqual(['2']);
    } finally {
      useStaffSiteChoice.setState({ siteId: null });
    }
  });

  it('tells a customer only about the venue of an order still waiting', async () => {
    setClock(wednesdayAt('15:52'));
    signIn({ role: 'user', homeSiteId: 1 });
    mockSiteApi({ schedule: schedule(true) });
    const { unmount } = renderWithProviders(<ClosingSoonBanner audience="customer" waitingVenues={['cafe']} />);
    expect(await screen.findByRole('status')).toHaveTextContent(`The cafe closes at 16:00. ${CUSTOMER_RULE}`);
    expect(screen.getByRole('status')).not.toHaveTextContent('Drinks in progress');
    unmount();

    renderWithProviders(<ClosingSoonBanner audience="customer" waitingVenues={[]} />);
    await act(async () => Promise.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
