import { DEFAULT_WEEKLY_PERIODS, type ErrorBody, type Schedule, type WeeklyPeriod } from '@cafe/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, createTestApp, nextEvent, type TestApp, type TestUser } from '../../test-support/test-app';

/** Tuesday 17 November 2026, 10:00 in Bangkok (the test cafe's zone). */
const TUESDAY_10AM = '2026-11-17T10:00:00+07:00';

/** The specification's hours as GET /schedule lists them: by weekday, then venue. */
const SPECIFIED_WEEKLY_HOURS = [
  ...[1, 2, 3, 4].map((weekday) => ({ venue: 'cafe', weekday, opens: '09:00', closes: '16:00' })),
  { venue: 'cafe', weekday: 5, opens: '09:00', closes: '16:00' },
  { venue: 'bar', weekday: 5, opens: '15:00', closes: '18:00' },
];

describe('opening hours: the schedule endpoints', () => {
  let t: TestApp;
  let barista: TestUser;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clockNow: TUESDAY_10AM });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(TUESDAY_10AM);
    // Tokens live 15 minutes on the test clock: sign in afresh for each test.
    barista = await t.createUser({ role: 'barista' });
    admin = await t.createUser({ role: 'admin' });
    user = await t.createUser();
  });

  const getSchedule = async () => {
    const res = await t.request('GET', '/api/schedule');
    expect(res.statusCode).toBe(200);
    return res.json<Schedule>();
  };
  const putWeekly = (weekly: unknown, who: TestUser | null = barista) =>
    t.request('PUT', '/api/schedule/weekly', who ?? undefined, { weekly });

  it("starts with the specification's hours, and tells anyone when a venue next opens", async () => {
    expect(await getSchedule()).toEqual({
      weekly: SPECIFIED_WEEKLY_HOURS,
      closedDays: [],
      // Tuesday 10:00: the cafe is open by the schedule; the next opening is Wednesday's.
      nextOpening: { venue: 'cafe', at: '2026-11-18T02:00:00.000Z' },
      closingWarningMinutes: 10,
      automatic: false,
    });
    t.clock.set('2026-11-20T12:00:00+07:00');
    expect((await getSchedule()).nextOpening).toEqual({ venue: 'bar', at: '2026-11-20T08:00:00.000Z' });
  });

  it('lets a barista and an admin replace the weekly periods, and sends the new schedule to everyone', async () => {
    const socket = await connectClient(await t.listen());
    try {
      const longer: WeeklyPeriod[] = [
        { venue: 'cafe', weekday: 1, opens: '08:00', closes: '17:30' },
        { venue: 'bar', weekday: 4, opens: '17:00', closes: '24:00' },
      ];
      const event = nextEvent(socket, 'schedule');
      const res = await putWeekly(longer);
      expect(res.statusCode).toBe(200);
      expect(res.json<Schedule>().weekly).toEqual(longer);
      expect((await event).weekly).toEqual(longer);
      // Thursday's bar is the next opening from Tuesday morning.
      expect((await getSchedule()).nextOpening).toEqual({ venue: 'bar', at: '2026-11-19T10:00:00.000Z' });

      const back = await putWeekly(DEFAULT_WEEKLY_PERIODS, admin);
      expect(back.statusCode).toBe(200);
      expect((await getSchedule()).weekly).toEqual(SPECIFIED_WEEKLY_HOURS);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses periods that are not HH:MM, close before they open, or repeat a venue on a day, changing nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [
        [{ venue: 'cafe', weekday: 1, opens: '16:00', closes: '09:00' }],
        /^weekly\.0\.closes: closes must be later than opens$/,
      ],
      [
        [{ venue: 'cafe', weekday: 1, opens: '9:00', closes: '16:00' }],
        /^weekly\.0\.opens: opens must be a time written HH:MM/,
      ],
      [[{ venue: 'cafe', weekday: 1, opens: '09:00', closes: '25:00' }], /^weekly\.0\.closes: /],
      [[{ venue: 'cafe', weekday: 9, opens: '09:00', closes: '16:00' }], /^weekly\.0\.weekday: /],
      [[{ venue: 'pub', weekday: 1, opens: '09:00', closes: '16:00' }], /^weekly\.0\.venue: /],
      [
        [
          { venue: 'cafe', weekday: 2, opens: '09:00', closes: '12:00' },
          { venue: 'cafe', weekday: 2, opens: '13:00', closes: '16:00' },
        ],
        /^weekly\.1\.weekday: the cafe already has hours on Tuesday/,
      ],
    ];
    for (const [weekly, message] of cases) {
      const res = await putWeekly(weekly);
      expect(res.statusCode, JSON.stringify(weekly)).toBe(400);
      expect(res.json<ErrorBody>()).toMatchObject({
        code: 'VALIDATION',
        message: expect.stringMatching(message) as unknown,
      });
    }
    expect((await getSchedule()).weekly).toEqual(SPECIFIED_WEEKLY_HOURS);
  });

  it('refuses users with 403 and anonymous callers with 401', async () => {
    const attempts = [
      () => putWeekly([], user),
      () => t.request('POST', '/api/schedule/closed-days', user, { day: '2026-12-25' }),
      () => t.request('DELETE', '/api/schedule/closed-days/2026-12-25', user),
    ];
    for (const attempt of attempts) expect((await attempt()).json<ErrorBody>().code).toBe('FORBIDDEN');
    expect((await putWeekly([], null)).statusCode).toBe(401);
    expect((await t.request('POST', '/api/schedule/closed-days', undefined, { day: '2026-12-25' })).statusCode).toBe(
      401,
    );
    expect((await getSchedule()).weekly).toEqual(SPECIFIED_WEEKLY_HOURS);
    expect((await getSchedule()).closedDays).toEqual([]);
  });

  it('adds, renames and removes closed days, today or later only', async () => {
    const added = await t.request('POST', '/api/schedule/closed-days', barista, {
      day: '2026-11-18',
      note: 'Staff day',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json<Schedule>().closedDays).toEqual([{ day: '2026-11-18', note: 'Staff day' }]);
    // Wednesday is closed: the cafe next opens on Thursday.
    expect(added.json<Schedule>().nextOpening).toEqual({ venue: 'cafe', at: '2026-11-19T02:00:00.000Z' });

    const renamed = await t.request('POST', '/api/schedule/closed-days', admin, { day: '2026-11-18' });
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json<Schedule>().closedDays).toEqual([{ day: '2026-11-18', note: '' }]);

    const past = await t.request('POST', '/api/schedule/closed-days', barista, { day: '2026-11-16' });
    expect(past.statusCode).toBe(400);
    expect(past.json<ErrorBody>().message).toBe('day: must be today or later (cafe time)');
    const impossible = await t.request('POST', '/api/schedule/closed-days', barista, { day: '2026-02-30' });
    expect(impossible.json<ErrorBody>()).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^day: /) as unknown,
    });

    const removed = await t.request('DELETE', '/api/schedule/closed-days/2026-11-18', barista);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Schedule>().closedDays).toEqual([]);
    const again = await t.request('DELETE', '/api/schedule/closed-days/2026-11-18', barista);
    expect(again.statusCode).toBe(404);
    expect(again.json<ErrorBody>().code).toBe('NOT_FOUND');
  });

  it('lists closed days from today on, by day', async () => {
    for (const day of ['2026-12-31', '2026-11-17', '2026-12-25']) {
      expect((await t.request('POST', '/api/schedule/closed-days', barista, { day })).statusCode).toBe(201);
    }
    expect((await getSchedule()).closedDays.map((c) => c.day)).toEqual(['2026-11-17', '2026-12-25', '2026-12-31']);
    t.clock.set('2026-11-18T08:00:00+07:00');
    expect((await getSchedule()).closedDays.map((c) => c.day)).toEqual(['2026-12-25', '2026-12-31']);
  });

  it('documents the endpoints in OpenAPI, public to read and bearer to change', async () => {
    const doc = (await t.request('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    }>();
    expect(doc.paths['/api/schedule']?.get?.tags).toEqual(['schedule']);
    expect(doc.paths['/api/schedule']?.get?.security).toBeUndefined();
    expect(doc.paths['/api/schedule/weekly']?.put?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/schedule/closed-days']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/schedule/closed-days/{day}']?.delete?.security).toEqual([{ bearerAuth: [] }]);
  });
});
