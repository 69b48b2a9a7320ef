import { addDays, cafeDayOf, DEFAULT_WEEKLY_PERIODS, type Schedule, type WeeklyPeriod } from '@cafe/shared';
import { siteOf } from '@/test/sites';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteScope } from '@/api/site-state';
import { i18n, loadEverything } from '@/i18n';
import { formatDay } from '@/lib/cafe-time';
import { useStaffSiteChoice } from '@/lib/site-choice';
import { live } from '@/test/fake-live';
import { apiError, mockApi, renderWithProviders, Reply, signIn, TEST_SETTINGS, type RecordedCall } from '@/test/render';
import { OpeningHoursRoute } from './opening-hours-route';

/*
 * Opening Hours (/opening-hours): the weekly hours of both venues and the closed days, as a barista
 * edits them (docs/api.md "Opening hours").
 */

const zone = TEST_SETTINGS.cafeTimeZone;

function schedule(
  weekly: readonly WeeklyPeriod[],
  closedDays: Schedule['closedDays'] = [],
  automatic = true,
): Schedule {
  return { weekly: [...weekly], closedDays, nextOpening: null, closingWarningMinutes: 10, automatic };
}

const DEFAULT = schedule(DEFAULT_WEEKLY_PERIODS);

/** A day `ahead` days after today, cafe time. */
const dayAhead = (ahead: number) => addDays(cafeDayOf(new Date(), zone), ahead);

const field = (name: string) => screen.getByRole('textbox', { name });
const toggle = (name: string) => screen.getByRole('switch', { name });
const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/schedule/weekly');

/** The barista's site, as GET /sites answers it. */
const HEAD_OFFICE = siteOf(1, 'Head office');

const PICKUP = {
  slotMinutes: 15,
  leadMinutes: 15,
  daysAhead: 0,
  slotCapacity: 10,
  tumblerGraceMinutes: 5,
  readyReminderMinutes: 10,
  uncollectedAfterMinutes: 30,
  prepTargetMinutes: 4,
  displayNames: 'first-initial',
};

/**
 * The fake API, answering GET /sites with the barista's site and its pickup settings unless
 * `answers` say otherwise.
 */
function mockHoursApi(answers: Parameters<typeof mockApi>[0]) {
  const site = (call: RecordedCall) =>
    call.path === '/sites'
      ? { body: [HEAD_OFFICE] }
      : /^\/sites\/\d+\/pickup$/.test(call.path)
        ? { body: PICKUP }
        : undefined;
  if (typeof answers === 'function') return mockApi(async (call) => (await answers(call)) ?? site(call));
  return mockApi({ 'GET /sites': [HEAD_OFFICE], 'GET /sites/1/pickup': PICKUP, ...answers });
}

/** The screen as the router shows it: about the staff site. */
const renderHours = () =>
  renderWithProviders(
    <SiteScope of="staff">
      <OpeningHoursRoute />
    </SiteScope>,
  );

beforeEach(() => signIn({ id: 2, role: 'barista', name: 'Barista', homeSiteId: 1, staffSiteIds: [1] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Opening Hours: the weekly hours', () => {
  it('loads the schedule and shows each venue day by day, with the closed days', async () => {
    const holiday = dayAhead(20);
    const { calls } = mockHoursApi({
      'GET /schedule': schedule(DEFAULT_WEEKLY_PERIODS, [{ day: holiday, note: 'Songkran' }]),
    });
    renderHours();

    expect(screen.getByRole('heading', { name: 'Opening Hours' })).toBeInTheDocument();
    expect(screen.getByText('Loading opening hours...')).toBeInTheDocument();
    const cafe = await screen.findByRole('group', { name: 'Cafe hours' });
    expect(calls.filter((c) => c.path === '/schedule')).toHaveLength(1);

    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      expect(within(cafe).getByRole('switch', { name: `Cafe open on ${day}` })).toBeChecked();
      expect(within(cafe).getByRole('textbox', { name: `Cafe, ${day}, Opens` })).toHaveValue('09:00');
      expect(within(cafe).getByRole('textbox', { name: `Cafe, ${day}, Closes` })).toHaveValue('16:00');
    }
    for (const day of ['Saturday', 'Sunday']) {
      expect(within(cafe).getByRole('switch', { name: `Cafe open on ${day}` })).not.toBeChecked();
      expect(within(cafe).queryByRole('textbox', { name: `Cafe, ${day}, Opens` })).not.toBeInTheDocument();
    }
    // Monday first, as people read a week.
    const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    expect(within(cafe).getAllByRole('switch')).toEqual(
      week.map((day) => within(cafe).getByRole('switch', { name: `Cafe open on ${day}` })),
    );
    expect(within(cafe).getAllByText('Closed')).toHaveLength(2);

    const bar = screen.getByRole('group', { name: 'Bar hours' });
    expect(within(bar).getByRole('switch', { name: 'Bar open on Friday' })).toBeChecked();
    expect(within(bar).getByRole('textbox', { name: 'Bar, Friday, Opens' })).toHaveValue('15:00');
    expect(within(bar).getByRole('textbox', { name: 'Bar, Friday, Closes' })).toHaveValue('18:00');
    expect(within(bar).getAllByText('Closed')).toHaveLength(6);

    const closedDays = screen.getByRole('list', { name: 'Closed days' });
    expect(closedDays).toHaveTextContent(formatDay(holiday, 'long'));
    expect(closedDays).toHaveTextContent('Songkran');
    expect(screen.getByText(/opens and closes by these hours on its own/)).toBeInTheDocument();
  });

  it('says when each venue next opens, on the cafe clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T13:00:00Z')); // Wednesday 20:00 in Bangkok
    mockHoursApi({ 'GET /schedule': DEFAULT });
    renderHours();
    const next = await screen.findByRole('list', { name: 'Next openings' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['The cafe opens again tomorrow at 9:00.', 'The bar opens again Friday at 15:00.']);
  });

  it('tells a server without automatic opening hours apart', async () => {
    mockHoursApi({ 'GET /schedule': schedule(DEFAULT_WEEKLY_PERIODS, [], false) });
    renderHours();
    expect(await screen.findByText(/opens and closes only by hand on this server/)).toBeInTheDocument();
  });

  it('offers a retry when the schedule cannot be read', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockHoursApi({ 'GET /schedule': () => (fail ? apiError(503, 'DATABASE_UNAVAILABLE') : DEFAULT) });
    renderHours();
    expect(await screen.findByText('Could not load the opening hours.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Cafe hours' })).toBeInTheDocument();
  });

  it('saves the week with PUT /schedule/weekly: changed hours, a day switched on, a day switched off', async () => {
    const user = userEvent.setup();
    const { calls } = mockHoursApi({
      'GET /schedule': DEFAULT,
      'PUT /schedule/weekly': (call: RecordedCall) => schedule((call.body as { weekly: WeeklyPeriod[] }).weekly),
    });
    renderHours();
    await screen.findByRole('group', { name: 'Cafe hours' });

    await user.clear(field('Cafe, Wednesday, Opens'));
    await user.type(field('Cafe, Wednesday, Opens'), '08:30');
    await user.click(toggle('Cafe open on Saturday'));
    // A day switched on starts with the usual hours of the venue.
    expect(field('Cafe, Saturday, Opens')).toHaveValue('09:00');
    await user.clear(field('Cafe, Saturday, Closes'));
    await user.type(field('Cafe, Saturday, Closes'), '12:00');
    await user.click(toggle('Bar open on Friday'));
    await user.click(screen.getByRole('button', { name: 'Save hours' }));

    expect(await screen.findByText('Opening hours saved')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]?.body).toEqual({
      weekly: [
        { venue: 'cafe', weekday: 1, opens: '09:00', closes: '16:00' },
        { venue: 'cafe', weekday: 2, opens: '09:00', closes: '16:00' },
        { venue: 'cafe', weekday: 3, opens: '08:30', closes: '16:00' },
        { venue: 'cafe', weekday: 4, opens: '09:00', closes: '16:00' },
        { venue: 'cafe', weekday: 5, opens: '09:00', closes: '16:00' },
        { venue: 'cafe', weekday: 6, opens: '09:00', closes: '12:00' },
      ],
    });
    // The form shows what the server kept.
    expect(field('Cafe, Wednesday, Opens')).toHaveValue('08:30');
    expect(toggle('Bar open on Friday')).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Bar, Friday, Opens' })).not.toBeInTheDocument();
  });

  it('shows the server’s 400 message and keeps the edits', async () => {
    const user = userEvent.setup();
    const message = 'weekly: at most one period per venue and weekday';
    const { calls } = mockHoursApi({
      'GET /schedule': DEFAULT,
      'PUT /schedule/weekly': apiError(400, 'VALIDATION', message),
    });
    renderHours();
    await screen.findByRole('group', { name: 'Cafe hours' });
    await user.clear(field('Cafe, Monday, Closes'));
    await user.type(field('Cafe, Monday, Closes'), '17:00');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(puts(calls)).toHaveLength(1);
    expect(field('Cafe, Monday, Closes')).toHaveValue('17:00');
  });

  it('checks the times as the server does before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = mockHoursApi({ 'GET /schedule': DEFAULT });
    renderHours();
    await screen.findByRole('group', { name: 'Cafe hours' });

    const opens = field('Cafe, Tuesday, Opens');
    await user.clear(opens);
    await user.type(opens, '9');
    await user.tab();
    expect(opens).toHaveAccessibleDescription('Write the opening time as HH:MM, for example 09:00');
    expect(opens).toHaveAttribute('aria-invalid', 'true');

    await user.clear(opens);
    await user.type(opens, '17:00');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(field('Cafe, Tuesday, Closes')).toHaveAccessibleDescription(
      'The closing time must be later than the opening time',
    );
    expect(screen.getByText('Some hours need fixing: see the messages above.')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it('can be used with the keyboard alone: Space switches a day, Enter saves', async () => {
    const user = userEvent.setup();
    const { calls } = mockHoursApi({
      'GET /schedule': DEFAULT,
      'PUT /schedule/weekly': (call: RecordedCall) => schedule((call.body as { weekly: WeeklyPeriod[] }).weekly),
    });
    renderHours();
    await screen.findByRole('group', { name: 'Cafe hours' });

    // Tab from the Monday switch reaches its times, then the next day's switch.
    toggle('Cafe open on Monday').focus();
    await user.tab();
    expect(field('Cafe, Monday, Opens')).toHaveFocus();
    await user.tab();
    expect(field('Cafe, Monday, Closes')).toHaveFocus();
    await user.tab();
    expect(toggle('Cafe open on Tuesday')).toHaveFocus();

    toggle('Cafe open on Sunday').focus();
    await user.keyboard(' ');
    expect(toggle('Cafe open on Sunday')).toBeChecked();
    await user.click(field('Cafe, Sunday, Opens'));
    await user.keyboard('{Control>}a{/Control}10:00{Enter}');

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as { weekly: WeeklyPeriod[] }).weekly[0]).toEqual({
      venue: 'cafe',
      weekday: 0,
      opens: '10:00',
      closes: '16:00',
    });
  });

  it('takes a change made elsewhere (the schedule event), but never over edits of its own', async () => {
    const user = userEvent.setup();
    mockHoursApi({ 'GET /schedule': DEFAULT });
    renderHours();
    await screen.findByRole('group', { name: 'Cafe hours' });

    const later = DEFAULT.weekly.map((p) => (p.venue === 'cafe' && p.weekday === 1 ? { ...p, opens: '10:00' } : p));
    act(() => live.emit('schedule', schedule(later)));
    await waitFor(() => expect(field('Cafe, Monday, Opens')).toHaveValue('10:00'));
    expect(screen.queryByText(/Someone else changed the opening hours/)).not.toBeInTheDocument();

    await user.clear(field('Cafe, Thursday, Closes'));
    await user.type(field('Cafe, Thursday, Closes'), '15:00');
    act(() => live.emit('schedule', schedule(DEFAULT.weekly)));
    expect(
      await screen.findByText(/Someone else changed the opening hours while you were editing/),
    ).toBeInTheDocument();
    expect(field('Cafe, Thursday, Closes')).toHaveValue('15:00');
    expect(field('Cafe, Monday, Opens')).toHaveValue('10:00');
  });
});

describe('Opening Hours: closed days', () => {
  it('adds a closed day with POST /schedule/closed-days and removes it with DELETE', async () => {
    const user = userEvent.setup();
    const day = dayAhead(30);
    let closedDays: Schedule['closedDays'] = [];
    const { calls } = mockHoursApi({
      'GET /schedule': () => schedule(DEFAULT_WEEKLY_PERIODS, closedDays),
      'POST /schedule/closed-days': (call: RecordedCall) => {
        const body = call.body as { day: string; note?: string };
        closedDays = [{ day: body.day, note: body.note ?? '' }];
        return new Reply(201, schedule(DEFAULT_WEEKLY_PERIODS, closedDays));
      },
      [`DELETE /schedule/closed-days/${day}`]: () => {
        closedDays = [];
        return schedule(DEFAULT_WEEKLY_PERIODS, closedDays);
      },
    });
    renderHours();
    expect(await screen.findByText('No closed days ahead')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Day'), day);
    await user.type(screen.getByLabelText('Note (optional)'), 'Songkran');
    await user.click(screen.getByRole('button', { name: 'Add closed day' }));

    const list = await screen.findByRole('list', { name: 'Closed days' });
    expect(list).toHaveTextContent(`${formatDay(day, 'long')}Songkran`);
    expect(screen.getByText(`Closed on ${formatDay(day, 'long')}`)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/schedule/closed-days', body: { day, note: 'Songkran' } }),
    ]);
    // The form is empty again for the next one.
    expect(screen.getByLabelText('Day')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: `Remove closed day ${formatDay(day, 'long')}` }));
    expect(await screen.findByText('No closed days ahead')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/schedule/closed-days/${day}`]);
    expect(screen.getByText(`Open again on ${formatDay(day, 'long')}`)).toBeInTheDocument();
  });

  it('sends no note when none is written', async () => {
    const user = userEvent.setup();
    const day = dayAhead(3);
    const { calls } = mockHoursApi({
      'GET /schedule': DEFAULT,
      'POST /schedule/closed-days': new Reply(201, schedule(DEFAULT_WEEKLY_PERIODS, [{ day, note: '' }])),
    });
    renderHours();
    await user.type(await screen.findByLabelText('Day'), day);
    await user.type(screen.getByLabelText('Note (optional)'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add closed day' }));
    await screen.findByRole('list', { name: 'Closed days' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ day });
  });

  it('asks for a day, today or later, before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = mockHoursApi({ 'GET /schedule': DEFAULT });
    renderHours();
    const dayField = await screen.findByLabelText('Day');
    await user.click(screen.getByRole('button', { name: 'Add closed day' }));
    expect(dayField).toHaveAccessibleDescription('Choose a day');

    await user.type(dayField, dayAhead(-1));
    await user.click(screen.getByRole('button', { name: 'Add closed day' }));
    expect(dayField).toHaveAccessibleDescription('Choose today or a later day');
    expect(dayField).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows why the server refused a day', async () => {
    const user = userEvent.setup();
    const day = dayAhead(1);
    mockHoursApi({
      'GET /schedule': DEFAULT,
      'POST /schedule/closed-days': apiError(400, 'VALIDATION', 'day: must be today or later (cafe time)'),
    });
    renderHours();
    await user.type(await screen.findByLabelText('Day'), day);
    await user.click(screen.getByRole('button', { name: 'Add closed day' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('day: must be today or later (cafe time)');
    expect(screen.getByText('No closed days ahead')).toBeInTheDocument();
  });

  it('says so when a day to remove was already opened again elsewhere (404)', async () => {
    const user = userEvent.setup();
    const day = dayAhead(5);
    mockHoursApi({
      'GET /schedule': schedule(DEFAULT_WEEKLY_PERIODS, [{ day, note: '' }]),
      [`DELETE /schedule/closed-days/${day}`]: apiError(404, 'NOT_FOUND', 'Closed day not found'),
    });
    renderHours();
    await user.click(await screen.findByRole('button', { name: `Remove closed day ${formatDay(day, 'long')}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Closed day not found');
  });
});

describe('Opening Hours in Thai', () => {
  it('shows the week with Thai weekday names and checks the times in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const user = userEvent.setup();
    mockHoursApi({ 'GET /schedule': DEFAULT });
    renderHours();

    const cafe = await screen.findByRole('group', { name: 'เวลาเปิดของคาเฟ่' });
    expect(screen.getByRole('heading', { name: 'เวลาเปิด-ปิด' })).toBeInTheDocument();
    expect(within(cafe).getByRole('switch', { name: 'คาเฟ่เปิดวันจันทร์' })).toBeChecked();
    expect(within(cafe).getByRole('switch', { name: 'คาเฟ่เปิดวันเสาร์' })).not.toBeChecked();
    expect(within(cafe).getAllByText('ปิด')).toHaveLength(2);
    expect(screen.getByRole('switch', { name: 'บาร์เปิดวันศุกร์' })).toBeChecked();

    const opens = screen.getByRole('textbox', { name: 'คาเฟ่ วันอังคาร เวลาเปิด' });
    await user.clear(opens);
    await user.type(opens, '9');
    await user.tab();
    expect(opens).toHaveAccessibleDescription('กรอกเวลาเปิดในรูปแบบ HH:MM เช่น 09:00');
    expect(screen.getByText('ไม่มีวันหยุดที่กำลังจะมาถึง')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'บันทึกเวลา' })).toBeInTheDocument();

    expect(screen.queryByRole('group', { name: 'Cafe hours' })).not.toBeInTheDocument();
    expect(screen.queryByText('Opening Hours')).not.toBeInTheDocument();
    expect(screen.queryByText(/Monday/)).not.toBeInTheDocument();
  });
});

describe('Opening Hours of a barista of several sites', () => {
  beforeEach(() => useStaffSiteChoice.setState({ siteId: null }));

  it('shows no site switch with one site', async () => {
    signIn({ id: 2, role: 'barista', homeSiteId: 1, staffSiteIds: [1] });
    const { calls } = mockHoursApi({ 'GET /schedule': DEFAULT, 'GET /sites': [siteOf(1, 'Head office')] });
    renderHours();
    await screen.findByRole('group', { name: 'Cafe hours' });
    expect(screen.queryByRole('combobox', { name: 'Site' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/schedule').map((c) => c.search.get('siteId'))).toEqual(['1']);
  });

  it("switches to another site's hours, and changes that site's closed days", async () => {
    const day = dayAhead(9);
    signIn({ id: 2, role: 'barista', homeSiteId: 1, staffSiteIds: [1, 2] });
    const { calls } = mockHoursApi((call) => {
      const at = call.search.get('siteId');
      if (call.path === '/sites') return { body: [siteOf(1, 'Head office'), siteOf(2, 'Tower B')] };
      if (call.method === 'GET' && call.path === '/schedule') {
        return { body: at === '2' ? schedule(DEFAULT_WEEKLY_PERIODS, [{ day, note: 'Tower party' }]) : DEFAULT };
      }
      if (call.method === 'DELETE') return { body: DEFAULT };
      return undefined;
    });
    const user = userEvent.setup();
    renderHours();
    await screen.findByRole('group', { name: 'Cafe hours' });
    const choice = screen.getByRole('combobox', { name: 'Site' });
    await waitFor(() => expect(choice).toHaveDisplayValue('Head office'));
    expect(screen.queryByText('Tower party')).not.toBeInTheDocument();

    await user.selectOptions(choice, 'Tower B');
    expect(await screen.findByText('Tower party')).toBeInTheDocument();
    expect(live.reconnectsAsked).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: `Remove closed day ${formatDay(day, 'long')}` }));
    await waitFor(() => expect(screen.queryByText('Tower party')).not.toBeInTheDocument());
    const removal = calls.filter((c) => c.method === 'DELETE');
    expect(removal.map((c) => [c.path, c.search.get('siteId')])).toEqual([[`/schedule/closed-days/${day}`, '2']]);
  });
});

describe('Opening Hours of the staff site, not the home site', () => {
  beforeEach(() => useStaffSiteChoice.setState({ siteId: null }));
  afterEach(() => useStaffSiteChoice.setState({ siteId: null }));

  /** Tower B: in Berlin, a cafe and no bar. */
  const TOWER_B = siteOf(2, 'Tower B', { timeZone: 'Europe/Berlin', venues: { cafe: true, bar: false } });

  it("shows the chosen site's hours in its zone, with only the venues it runs", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T19:00:00Z')); // Wednesday 20:00 in Berlin, Thursday 02:00 in Bangkok
    // Home in Bangkok, working at Tower B in Berlin today.
    signIn({ id: 2, role: 'barista', homeSiteId: 1, staffSiteIds: [1, 2] });
    useStaffSiteChoice.setState({ siteId: 2 });
    const { calls } = mockHoursApi({
      'GET /sites': [HEAD_OFFICE, TOWER_B],
      'GET /schedule': schedule(DEFAULT_WEEKLY_PERIODS.filter((p) => p.venue === 'cafe')),
      'GET /sites/2/pickup': PICKUP,
    });
    renderHours();
    expect(await screen.findByRole('group', { name: 'Cafe hours' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Bar hours' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /^Bar open on/ })).not.toBeInTheDocument();
    expect(screen.getByText(/^Cafe time \(Europe\/Berlin\)/)).toBeInTheDocument();
    const next = await screen.findByRole('list', { name: 'Next openings' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['The cafe opens again tomorrow at 9:00.']);
    expect(calls.filter((c) => c.path === '/schedule').map((c) => c.search.get('siteId'))).toEqual(['2']);
  });

  it('saves only the hours of the venues the site runs', async () => {
    const user = userEvent.setup();
    signIn({ id: 2, role: 'barista', homeSiteId: 1, staffSiteIds: [1, 2] });
    useStaffSiteChoice.setState({ siteId: 2 });
    const cafeWeek = DEFAULT_WEEKLY_PERIODS.filter((p) => p.venue === 'cafe');
    const { calls } = mockHoursApi({
      'GET /sites': [HEAD_OFFICE, TOWER_B],
      'GET /schedule': schedule(cafeWeek),
      'GET /sites/2/pickup': PICKUP,
      'PUT /schedule/weekly': (call: RecordedCall) => schedule((call.body as { weekly: WeeklyPeriod[] }).weekly),
    });
    renderHours();
    await screen.findByRole('group', { name: 'Cafe hours' });
    await user.click(toggle('Cafe open on Saturday'));
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    const saved = (puts(calls)[0]?.body as { weekly: WeeklyPeriod[] }).weekly;
    expect(saved.every((p) => p.venue === 'cafe')).toBe(true);
    expect(saved).toContainEqual({ venue: 'cafe', weekday: 6, opens: '09:00', closes: '16:00' });
    expect(puts(calls)[0]?.search.get('siteId')).toBe('2');
  });

  it('sends an admin to the Sites screen to open or close a site now (an admin has no board)', async () => {
    signIn({ id: 3, role: 'admin', homeSiteId: 1, staffSiteIds: [1, 2] });
    mockHoursApi({ 'GET /schedule': DEFAULT });
    renderHours();
    await screen.findByRole('group', { name: 'Cafe hours' });
    expect(screen.getByRole('link', { name: 'Open or close a site now' })).toHaveAttribute('href', '/sites-admin');
    expect(screen.queryByText(/Shop Status on the order board/)).not.toBeInTheDocument();
  });
});

describe('Opening Hours: orders for later', () => {
  beforeEach(() => useStaffSiteChoice.setState({ siteId: null }));

  it("edits the site's pickup settings, checking each number before sending", async () => {
    signIn({ id: 2, role: 'barista', homeSiteId: 1, staffSiteIds: [1] });
    const { calls } = mockHoursApi({
      'GET /schedule': DEFAULT,
      'GET /sites': [siteOf(1, 'Head office')],
      'GET /sites/1/pickup': PICKUP,
      'PUT /sites/1/pickup': (call: RecordedCall) => call.body,
    });
    const user = userEvent.setup();
    renderHours();
    const capacity = await screen.findByRole('textbox', { name: 'Drinks per slot' });
    expect(capacity).toHaveValue('10');
    await user.clear(capacity);
    await user.type(capacity, '0');
    await user.click(screen.getByRole('button', { name: 'Save pickup settings' }));
    expect(await screen.findByText('A whole number from 1 to 200')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(capacity);
    await user.type(capacity, '6');
    const days = screen.getByRole('textbox', { name: 'Days ahead' });
    await user.clear(days);
    await user.type(days, '2');
    await user.click(screen.getByRole('button', { name: 'Save pickup settings' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...PICKUP, daysAhead: 2, slotCapacity: 6 });
  });
});
