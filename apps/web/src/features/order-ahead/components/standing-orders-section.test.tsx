import { DEFAULT_PICKUP_SETTINGS, type Category, type Schedule, type StandingOrder } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { makeHistoryOrder } from '@/features/order-ahead/test/fixtures';
import { apiError, mockApi, renderWithProviders, Reply, signIn, type RecordedCall } from '@/test/render';
import { HEAD_OFFICE } from '@/test/sites';
import { StandingOrdersSection } from './standing-orders-section';

const CAFE: Category[] = [
  {
    id: 1,
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    isAvailable: 'available',
    menu: [
      { id: 3, name: 'Latte', description: '-', category_id: 1, isActive: 'active', isAvailable: 'available' },
      { id: 4, name: 'Thai Tea', description: '-', category_id: 1, isActive: 'active', isAvailable: 'available' },
    ],
  },
];

const USUAL = { drink: { menu_id: 3, type: 'hot', sweetness: 50 }, source: 'saved' };

/** Head office's hours: the cafe on weekdays 09:00-16:00 (to 12:00 on Fridays, the cut-off), the bar on Friday afternoons. */
const HOURS: Schedule = {
  weekly: [
    ...[1, 2, 3, 4, 5].map((weekday) => ({ venue: 'cafe' as const, weekday, opens: '09:00', closes: '16:00' })),
    { venue: 'bar', weekday: 5, opens: '15:00', closes: '18:00' },
  ],
  closedDays: [],
  nextOpening: null,
  closingWarningMinutes: 10,
  automatic: true,
};

/** What the form reads of the site: its hours and its pickup settings (15-minute slots). */
const SITE_ANSWERS = { 'GET /schedule': HOURS, 'GET /sites/1/pickup': DEFAULT_PICKUP_SETTINGS };

const standingOrder = (more: Partial<StandingOrder> = {}): StandingOrder => ({
  id: 9,
  siteId: 1,
  drink: null,
  weekdays: [1, 3],
  time: '09:30',
  paused: false,
  skipDate: null,
  nextDay: '2026-11-25',
  lastRun: { day: '2026-11-23', outcome: 'failed', orderId: null, reason: 'Thai Tea is sold out.' },
  createdAt: '2026-11-20T03:00:00.000Z',
  ...more,
});

const history = [
  makeHistoryOrder({
    id: 21,
    status: 'picked',
    menu: { id: 4, name: 'Thai Tea', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
  }),
];

describe('standing orders in My orders', () => {
  beforeEach(() => {
    signIn({ id: 7, role: 'user', homeSiteId: 1 });
  });

  it('shows a loading state, then an empty list and sets one from my usual on weekdays at 09:30', async () => {
    let list: StandingOrder[] = [];
    const { calls } = mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      ...SITE_ANSWERS,
      'GET /me/usual': USUAL,
      'GET /standing-orders': () => list,
      'POST /standing-orders': () => {
        list = [standingOrder({ weekdays: [1, 2, 3, 4, 5], lastRun: null })];
        return new Reply(201, list[0]);
      },
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    expect(screen.getByText('Loading your standing orders…')).toBeInTheDocument();
    expect(await screen.findByText('No standing orders yet')).toBeInTheDocument();
    const drink = await screen.findByRole('combobox', { name: 'Drink' });
    await waitFor(() =>
      expect(within(drink).getByRole('option', { name: 'My usual: Latte · Hot · Sweetness 50%' })).toBeInTheDocument(),
    );
    expect(within(drink).getByRole('option', { name: /Thai Tea · Cold/ })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Save standing order' }));
    // The day the server says it is first placed.
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Standing order saved\. The first one is ordered for /,
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      siteId: 1,
      weekdays: [1, 2, 3, 4, 5],
      time: '09:30',
    });
    expect(await screen.findByText('Mon, Tue, Wed, Thu, Fri at 09:30')).toBeInTheDocument();
  });

  it('sets "this drink" on the days chosen', async () => {
    const { calls } = mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      ...SITE_ANSWERS,
      'GET /me/usual': null,
      'GET /standing-orders': [],
      'POST /standing-orders': new Reply(201, standingOrder()),
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    const drink = await screen.findByRole('combobox', { name: 'Drink' });
    expect(within(drink).getByRole('option', { name: /none yet/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tue' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Thu' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fri' }));
    await screen.findByRole('combobox', { name: 'Pickup time' });
    await userEvent.click(screen.getByRole('button', { name: 'Save standing order' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        siteId: 1,
        weekdays: [1, 3],
        time: '09:30',
        drink: { menu_id: 4, type: 'cold', sweetness: 50 },
      }),
    );
  });

  it('lists one with its next day and why the last was not ordered; pauses, skips the next day and deletes it', async () => {
    const { calls } = mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      ...SITE_ANSWERS,
      'GET /me/usual': USUAL,
      'GET /standing-orders': [standingOrder()],
      'PATCH /standing-orders/9': standingOrder(),
      'DELETE /standing-orders/9': new Reply(204),
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    expect(await screen.findByText('Mon, Wed at 09:30')).toBeInTheDocument();
    expect(screen.getByText(/: not ordered: Thai Tea is sold out\./)).toBeInTheDocument();
    expect(screen.getByText(/^Next: /)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await userEvent.click(screen.getByRole('button', { name: 'Skip next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
        ['PATCH', '/standing-orders/9', { paused: true }],
        ['PATCH', '/standing-orders/9', { skipNext: true }],
        ['DELETE', '/standing-orders/9', undefined],
      ]),
    );
  });

  it('offers the latest drink once the history arrives after the form, without a usual', async () => {
    const { calls } = mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      ...SITE_ANSWERS,
      'GET /me/usual': null,
      'GET /standing-orders': [],
      'POST /standing-orders': new Reply(201, standingOrder()),
    });
    const { rerender } = renderWithProviders(<StandingOrdersSection orders={[]} />);
    const save = await screen.findByRole('button', { name: 'Save standing order' });
    expect(save).toBeDisabled();
    rerender(<StandingOrdersSection orders={history} />);
    expect(await screen.findByRole('combobox', { name: 'Drink' })).toHaveValue('order:21');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ drink: { menu_id: 4 } }));
  });

  it("offers only the site's pickup times on the days chosen, and says when a day has none", async () => {
    mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      ...SITE_ANSWERS,
      'GET /me/usual': USUAL,
      'GET /standing-orders': [],
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    const time = await screen.findByRole('combobox', { name: 'Pickup time' });
    const times = () =>
      within(time)
        .getAllByRole('option')
        .map((o) => o.textContent);
    // Monday to Friday: every 15 minutes from 09:00, the last before the Friday cut-off at 12:00.
    expect(times()[0]).toBe('09:00');
    expect(times()).toContain('09:30');
    expect(times()).not.toContain('09:40');
    expect(times().at(-1)).toBe('11:45');
    expect(time).toHaveValue('09:30');
    // Without Friday, the afternoon too.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fri' }));
    expect(times().at(-1)).toBe('15:45');
    await userEvent.selectOptions(time, '14:00');
    // A day the cafe never serves: said in the catalogue's words, and nothing to save.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sat' }));
    expect(time).toBeDisabled();
    expect(
      screen.getByText('Head office does not serve cafe drinks on Saturdays. Choose other days.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save standing order' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sat' }));
    expect(time).toHaveValue('14:00');
  });

  it("shows the server's refusal in its words, and one tap after another makes one standing order", async () => {
    const answers: (() => Reply)[] = [
      () =>
        apiError(400, 'VALIDATION', 'The cafe menu closes at 12:00 on Fridays: …', {
          messageId: 'people.standing.fridayCutoff',
        }),
      // Made, but its answer never arrives.
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Reply(201, standingOrder({ nextDay: null })),
    ];
    const { calls } = mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      ...SITE_ANSWERS,
      'GET /me/usual': USUAL,
      'GET /standing-orders': [],
      'POST /standing-orders': () => answers.shift()!(),
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    const save = await screen.findByRole('button', { name: 'Save standing order' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(
      await screen.findByText(
        'The cafe menu closes at 12:00 on Fridays: this standing order skips Fridays, or move it before 12:00.',
      ),
    ).toBeInTheDocument();
    // The answer of the second tap never arrives; the third is answered with the one it made.
    await userEvent.click(save);
    await screen.findByText(/Cannot reach the cafe server/);
    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Standing order saved.');
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('asks before saving a drink with what the person avoids, the usual made with its defaults', async () => {
    signIn({ id: 7, role: 'user', homeSiteId: 1, avoids: ['milk'] });
    const milky: Category[] = [
      {
        ...CAFE[0]!,
        menu: [
          {
            ...CAFE[0]!.menu[0]!,
            optionGroups: [
              {
                id: 9,
                name: 'Milk',
                minChoices: 1,
                maxChoices: 1,
                maxQuantity: 1,
                choices: [
                  { id: 91, name: 'Whole', isDefault: true, tags: ['milk'], soldOut: false, soldOutUntil: null },
                  { id: 92, name: 'Oat', isDefault: false, tags: [], soldOut: false, soldOutUntil: null },
                ],
              },
            ],
          },
        ],
      },
    ];
    const { calls } = mockApi({
      'GET /category': milky,
      'GET /sites': [HEAD_OFFICE],
      ...SITE_ANSWERS,
      'GET /me/usual': USUAL,
      'GET /standing-orders': [],
      'POST /standing-orders': new Reply(201, standingOrder()),
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    expect(await screen.findByText('This drink contains Milk, which you avoid.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save standing order' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('This drink contains Milk, which you avoid.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I know what it contains. Place it anyway.' }));
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        siteId: 1,
        weekdays: [1, 2, 3, 4, 5],
        time: '09:30',
        dietConfirmed: true,
      }),
    );
  });

  it('asks again when the server finds what the person avoids in the drink', async () => {
    const { calls } = mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      ...SITE_ANSWERS,
      'GET /me/usual': USUAL,
      'GET /standing-orders': [],
      'POST /standing-orders': (call: RecordedCall) =>
        (call.body as { dietConfirmed?: boolean }).dietConfirmed
          ? new Reply(201, standingOrder())
          : apiError(409, 'DIET_CONFIRMATION_NEEDED', 'This drink is not for you: Milk. …', {
              messageId: 'people.refusal.dietConfirmationNeeded',
              params: { tags: 'milk' },
            }),
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    const save = await screen.findByRole('button', { name: 'Save standing order' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByText('This drink contains Milk, which you avoid.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I know what it contains. Place it anyway.' }));
    await userEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(
      calls.filter((c) => c.method === 'POST').map((c) => (c.body as { dietConfirmed?: boolean }).dietConfirmed),
    ).toEqual([undefined, true]);
  });

  it('speaks Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      ...SITE_ANSWERS,
      'GET /me/usual': USUAL,
      'GET /standing-orders': [standingOrder({ paused: true })],
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    expect(await screen.findByRole('heading', { name: 'ออร์เดอร์ประจำ' })).toBeInTheDocument();
    expect(await screen.findByText('หยุดไว้ชั่วคราว')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เริ่มต่อ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'บันทึกออร์เดอร์ประจำ' })).toBeInTheDocument();
  });

  it('says why the last day was not ordered in Thai, from the words the server named', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      ...SITE_ANSWERS,
      'GET /me/usual': USUAL,
      'GET /standing-orders': [
        standingOrder({
          lastRun: {
            day: '2026-11-23',
            outcome: 'failed',
            orderId: null,
            reason: 'You already reached your order limit!',
            reasonText: { id: 'people.refusal.orderLimit' },
          },
        }),
      ],
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    expect(await screen.findByText(/คุณสั่งครบจำนวนที่กำหนดแล้ว!/)).toBeInTheDocument();
    expect(screen.queryByText(/You already reached/)).not.toBeInTheDocument();
  });
});
