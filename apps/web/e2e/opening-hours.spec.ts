import {
  addDays,
  cafeDayOf,
  DEFAULT_WEEKLY_PERIODS,
  WEEKDAY_NAMES,
  weekdayOf,
  type Schedule,
  type WeeklyPeriod,
} from '@cafe/shared';
import { expect, test, type APIRequestContext, type Page } from './test';
import {
  DEMO,
  WIDE_DESKTOP,
  apiLogin,
  bearer,
  clearActiveOrders,
  loginViaUi,
  registerUser,
  setShopStatus,
} from './support';

/*
 * Opening hours (docs/api.md "Opening hours", docs/decisions/0019-opening-hours.md): a barista
 * edits the week and the closed days on the Opening Hours screen, and a person on the closed page
 * sees when the cafe next opens and the hours, following every edit live.
 *
 * This server runs with OPENING_HOURS=off (e2e/start-server.mjs): on the real clock a scheduled
 * opening or closing could land in the middle of another spec, so here the schedule is only shown,
 * never acted on. What the pages say is worked out from days counted from today, so it holds
 * whatever the weekday and time of the run. The schedule is put back as it was at the end.
 */

test.describe.configure({ mode: 'serial' });
// Wide enough for the staff links to sit in the top bar (below 1536 px they are in the menu).
test.use({ viewport: WIDE_DESKTOP });

const ZONE = 'Asia/Bangkok';

/** A cafe day as the app writes it in full: "Friday, 25 December 2026". */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** A cafe day `ahead` days after today, cafe time. */
const dayAhead = (ahead: number) => addDays(cafeDayOf(new Date(), ZONE), ahead);

async function baristaHeaders(request: APIRequestContext) {
  const { accessToken } = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  return bearer(accessToken);
}

async function readSchedule(request: APIRequestContext): Promise<Schedule> {
  const res = await request.get('/api/schedule');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Schedule;
}

async function putWeekly(request: APIRequestContext, weekly: readonly WeeklyPeriod[]) {
  const res = await request.put('/api/schedule/weekly', {
    headers: await baristaHeaders(request),
    data: { weekly },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function addClosedDay(request: APIRequestContext, day: string, note?: string) {
  const res = await request.post('/api/schedule/closed-days', {
    headers: await baristaHeaders(request),
    data: { day, ...(note ? { note } : {}) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function removeClosedDay(request: APIRequestContext, day: string) {
  const res = await request.delete(`/api/schedule/closed-days/${day}`, { headers: await baristaHeaders(request) });
  expect([200, 404], await res.text()).toContain(res.status());
}

/** The week and closed days as the run found them, put back at the end. */
let before: Schedule;

test.beforeAll(async ({ request }) => {
  before = await readSchedule(request);
});

test.afterAll(async ({ request }) => {
  await putWeekly(request, before.weekly);
  const now = await readSchedule(request);
  for (const { day } of now.closedDays) {
    if (!before.closedDays.some((c) => c.day === day)) await removeClosedDay(request, day);
  }
  for (const { day, note } of before.closedDays) await addClosedDay(request, day, note);
  await setShopStatus(request, 'cafe-open');
});

test('a barista changes a weekday’s cafe hours and adds a closed day on Opening Hours', async ({ page, request }) => {
  await putWeekly(request, DEFAULT_WEEKLY_PERIODS);
  const holiday = dayAhead(20);

  await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
  await expect(page).toHaveURL(/\/ordering$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Opening Hours', exact: true })
    .click();
  await expect(page).toHaveURL(/\/opening-hours$/);
  await expect(page.getByRole('heading', { name: 'Opening Hours', level: 1 })).toBeVisible();

  // The week as the schedule has it.
  const cafe = page.getByRole('group', { name: 'Cafe hours' });
  await expect(cafe.getByRole('switch', { name: 'Cafe open on Wednesday' })).toBeChecked();
  await expect(cafe.getByRole('switch', { name: 'Cafe open on Saturday' })).not.toBeChecked();
  const opens = cafe.getByRole('textbox', { name: 'Cafe, Wednesday, Opens' });
  const closes = cafe.getByRole('textbox', { name: 'Cafe, Wednesday, Closes' });
  await expect(opens).toHaveValue('09:00');
  await expect(
    page.getByRole('group', { name: 'Bar hours' }).getByRole('textbox', { name: 'Bar, Friday, Opens' }),
  ).toHaveValue('15:00');

  // Wednesday: 8:30 to 15:30.
  await opens.fill('08:30');
  await closes.fill('15:30');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Opening hours saved')).toBeVisible();
  const saved = await readSchedule(request);
  expect(saved.weekly).toContainEqual({ venue: 'cafe', weekday: 3, opens: '08:30', closes: '15:30' });
  expect(saved.weekly).toContainEqual({ venue: 'cafe', weekday: 2, opens: '09:00', closes: '16:00' });
  expect(saved.weekly).toHaveLength(DEFAULT_WEEKLY_PERIODS.length);

  // A holiday, with a note.
  await page.getByLabel('Day', { exact: true }).fill(holiday);
  await page.getByLabel('Note (optional)').fill('Company trip');
  await page.getByRole('button', { name: 'Add closed day' }).click();
  const closedDays = page.getByRole('list', { name: 'Closed days' });
  await expect(closedDays.getByRole('listitem').filter({ hasText: longDay(holiday) })).toContainText('Company trip');
  expect((await readSchedule(request)).closedDays).toContainEqual({ day: holiday, note: 'Company trip' });

  // What was saved is what the screen shows after a reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Cafe, Wednesday, Opens' })).toHaveValue('08:30');
  await expect(page.getByRole('textbox', { name: 'Cafe, Wednesday, Closes' })).toHaveValue('15:30');
  await expect(page.getByRole('list', { name: 'Closed days' })).toContainText(longDay(holiday));

  // And the day can be opened again.
  await page.getByRole('button', { name: `Remove closed day ${longDay(holiday)}` }).click();
  await expect(page.getByText(`Open again on ${longDay(holiday)}`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: longDay(holiday) })).toHaveCount(0);
  expect((await readSchedule(request)).closedDays.map((c) => c.day)).not.toContain(holiday);
});

/** The sentence of the closed page saying when the cafe next opens. */
const cafeOpening = (page: Page) => page.getByTestId('next-opening').getByText(/^The cafe opens again /);

test('the closed page says when the cafe next opens and follows the schedule live', async ({ page, request }) => {
  // The cafe opens on one weekday only, three days from now: "<weekday> at 9:00" whatever today is
  // (two days from now, should the cafe's midnight pass during the test, still names that weekday).
  const openingDay = dayAhead(3);
  const weekday = weekdayOf(openingDay);
  const dayName = WEEKDAY_NAMES[weekday] ?? '';
  const bar = DEFAULT_WEEKLY_PERIODS.filter((p) => p.venue === 'bar');
  await putWeekly(request, [{ venue: 'cafe', weekday, opens: '09:00', closes: '16:00' }, ...bar]);
  await clearActiveOrders(request);
  await setShopStatus(request, 'close-both');

  const person = await registerUser(request, 'Closed Page');
  await loginViaUi(page, person.email, person.password);
  await expect(page).toHaveURL(/\/close-all$/);
  await expect(page.getByRole('heading', { name: 'Sorry, both the cafe and bar are currently closed' })).toBeVisible();
  // The live connection must be up, or the changes below could not arrive.
  await expect(page.getByRole('banner').getByText('Live updates on')).toBeAttached();

  const hours = page.getByRole('list', { name: 'Opening hours' });
  await expect(cafeOpening(page)).toHaveText(`The cafe opens again ${dayName} at 9:00.`);
  await expect(hours).toContainText(`Cafe: ${dayName} 9:00 - 16:00`);
  await expect(hours).toContainText('Bar: Friday 15:00 - 18:00');

  // Nothing below reloads the page: this mark would be gone.
  await page.evaluate(() => {
    (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage = true;
  });

  // A barista moves the opening to 10:30: the `schedule` event brings it.
  await putWeekly(request, [{ venue: 'cafe', weekday, opens: '10:30', closes: '16:00' }, ...bar]);
  await expect(cafeOpening(page)).toHaveText(`The cafe opens again ${dayName} at 10:30.`);
  await expect(hours).toContainText(`Cafe: ${dayName} 10:30 - 16:00`);

  // That day becomes a holiday: the cafe opens a week later.
  await addClosedDay(request, openingDay, 'Holiday');
  await expect(cafeOpening(page)).toHaveText(`The cafe opens again on ${longDay(addDays(openingDay, 7))} at 10:30.`);

  // Opened again: back to that day.
  await removeClosedDay(request, openingDay);
  await expect(cafeOpening(page)).toHaveText(`The cafe opens again ${dayName} at 10:30.`);

  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  await expect(page).toHaveURL(/\/close-all$/);
});
