import type { Order, OrdersEvent } from '@cafe/shared';
import { siteOf } from '@/test/sites';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { i18n, loadEverything } from '@/i18n';
import { SiteScope } from '@/api/site-state';
import { useStaffSiteChoice } from '@/lib/site-choice';
import { live } from '@/test/fake-live';
import { setLiveConnected } from '@/test/network';
import { mockApi, renderWithProviders, signIn } from '@/test/render';
import { OrderBoardRoute } from './order-board-route';

// The live connection is up (test/network.ts); the test delivers `orders` events itself (test/fake-live.ts).
beforeEach(() => {
  setLiveConnected(true);
});

/** An `orders` event carrying `order` as the server sends it. */
function emitOrders(order: Order, from: OrdersEvent['from'] = null) {
  const event: OrdersEvent = {
    id: order.id,
    status: order.status,
    userId: order.user.id,
    categoryFor: order.menu.category.categoryFor,
    updatedAt: order.updatedAt,
    from,
    order,
  };
  live.emit('orders', event);
}

const OPEN_ORDERING = {
  paused: false,
  reason: null,
  waiting: 0,
  estimatedWaitMinutes: null,
  limits: { maxWaiting: null, maxWaitMinutes: null },
  message: null,
};

let cafeStatus = { isCafeOpen: true, isBarOpen: false };
let orders: Order[] = [];
/** The orders of each site other than the first, when the board asks for that site. */
let ordersAt: Record<string, Order[]> = {};

/** The sites as GET /sites has them: the shop status of each is the site's own. */
const sites = () => [
  siteOf(1, 'Head office', { status: cafeStatus }),
  siteOf(2, 'Tower B', {
    timeZone: 'Europe/Berlin',
    venues: { cafe: true, bar: false },
    status: { isCafeOpen: true, isBarOpen: false },
  }),
];

/** The board as the router shows it: about the staff site. */
const renderBoard = () =>
  renderWithProviders(
    <SiteScope of="staff">
      <OrderBoardRoute />
    </SiteScope>,
  );

function setup() {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/order') {
      // The orders for later come only to the Later lane's read.
      const later = call.search.get('status')?.split(',').includes('scheduled') ?? false;
      const list = ordersAt[call.search.get('siteId') ?? ''] ?? orders;
      return { body: list.filter((o) => o.status !== 'scheduled' || later) };
    }
    if (call.method === 'GET' && call.path === '/sites') return { body: sites() };
    if (call.method === 'PATCH' && call.path.startsWith('/cafe-status/')) {
      const value = call.path.split('/')[2];
      cafeStatus = { isCafeOpen: value === 'cafe-open', isBarOpen: value === 'bar-open' };
      return { body: cafeStatus };
    }
    if (call.method === 'PATCH' && call.path.startsWith('/order/barista/')) {
      const id = Number(call.path.split('/')[3]);
      const order = orders.find((o) => o.id === id);
      return order ? { body: { ...order, ...(call.body as object) } } : undefined;
    }
    if (call.method === 'POST' && call.path === '/order/barista/bulk') {
      const { ids, status } = call.body as { ids: number[]; status: Order['status'] };
      return {
        body: {
          results: ids.map((id) => {
            const {
              queue_at: _q,
              estimatedWaitMinutes: _w,
              ...order
            } = makeOrder({
              ...orders.find((o) => o.id === id),
              id,
              status,
            });
            return { id, ok: true, order };
          }),
        },
      };
    }
    if (call.method === 'GET' && call.path === '/ordering-status') return { body: OPEN_ORDERING };
    return undefined;
  });
  const user = userEvent.setup();
  renderBoard();
  return { ...api, user };
}

const orderCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/order');

beforeEach(() => {
  cafeStatus = { isCafeOpen: true, isBarOpen: false };
  orders = [];
  ordersAt = {};
  live.reconnectSocket.mockClear();
  useStaffSiteChoice.setState({ siteId: null });
  signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1] });
});

describe('OrderBoardRoute: the site of the board', () => {
  const staffCalls = (calls: ReturnType<typeof mockApi>['calls'], siteId: string) =>
    calls.filter((c) => ['/order', '/ordering-status'].includes(c.path) && c.search.get('siteId') === siteId);

  it('shows no site switch to a barista of one site, and names that site in its calls', async () => {
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1] });
    orders = [makeOrder({ userName: 'Anong' })];
    const { calls } = setup();
    expect(await screen.findByText('Anong')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Site' })).not.toBeInTheDocument();
    expect(orderCalls(calls).every((c) => c.search.get('siteId') === '1')).toBe(true);
  });

  it('switches a barista of several sites to another site: its orders, its status, the live channel', async () => {
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1, 2] });
    orders = [makeOrder({ userName: 'Anong' })];
    ordersAt = { '2': [makeOrder({ userName: 'Bee' })] };
    const { user, calls } = setup();
    const choice = await screen.findByRole('combobox', { name: 'Site' });
    expect(await screen.findByText('Anong')).toBeInTheDocument();
    await waitFor(() => expect(within(choice).getByRole('option', { name: 'Tower B' })).toBeInTheDocument());
    expect(choice).toHaveDisplayValue('Head office');
    expect(staffCalls(calls, '2')).toEqual([]);

    await user.selectOptions(choice, 'Tower B');
    expect(await screen.findByText('Bee')).toBeInTheDocument();
    expect(screen.queryByText('Anong')).not.toBeInTheDocument();
    expect(choice).toHaveDisplayValue('Tower B');
    expect(live.reconnectSocket).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('staffSiteId')).toBe('2');
    await waitFor(() =>
      expect(new Set(staffCalls(calls, '2').map((c) => c.path))).toEqual(new Set(['/order', '/ordering-status'])),
    );
  });
});

describe('OrderBoardRoute: the staff site, not the home site', () => {
  it("shows the times of the site it shows in that site's zone, not the home site's", async () => {
    // Home in Bangkok, working at Tower B in Berlin: 02:15 UTC is 03:15 there (09:15 in Bangkok).
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1, 2] });
    useStaffSiteChoice.setState({ siteId: 2 });
    ordersAt = {
      '2': [makeOrder({ id: 21, menuName: 'Latte', userName: 'Bee', orderDate: '2025-11-20T02:15:00.000Z' })],
    };
    setup();
    const card = await screen.findByRole('article', { name: 'Latte for Bee' });
    expect(await within(card).findByText('03:15')).toBeInTheDocument();
    expect(within(card).queryByText('09:15')).not.toBeInTheDocument();
  });

  it('offers only the venues the site runs: no Bar at a site without a bar', async () => {
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1, 2] });
    useStaffSiteChoice.setState({ siteId: 2 });
    setup();
    const selector = await screen.findByRole('radiogroup', { name: 'Shop Status' });
    expect(within(selector).getByRole('radio', { name: 'Cafe' })).toBeChecked();
    expect(within(selector).getByRole('radio', { name: 'Close' })).toBeInTheDocument();
    expect(within(selector).queryByRole('radio', { name: 'Bar' })).not.toBeInTheDocument();
  });
});

describe('OrderBoardRoute: shop status', () => {
  it('shows the selector when no order is waiting or in progress', async () => {
    setup();
    const selector = await screen.findByRole('radiogroup', { name: 'Shop Status' });
    expect(within(selector).getByRole('radio', { name: 'Cafe' })).toBeChecked();
    expect(within(selector).getByRole('radio', { name: 'Bar' })).not.toBeChecked();
    expect(within(selector).getByRole('radio', { name: 'Close' })).toBeInTheDocument();
    expect(await screen.findByText('No orders now,')).toBeInTheDocument();
  });

  it('shows "Cafe Open" instead while orders are waiting', async () => {
    orders = [makeOrder({ status: 'ordered' })];
    setup();
    expect(await screen.findByText('Cafe Open')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Shop Status' })).not.toBeInTheDocument();
  });

  it('shows the selector in close mode even with orders left', async () => {
    cafeStatus = { isCafeOpen: false, isBarOpen: false };
    orders = [makeOrder({ status: 'in-progress' })];
    setup();
    expect(await screen.findByRole('radiogroup', { name: 'Shop Status' })).toBeInTheDocument();
    expect(screen.getByText('Cafe and Bar are close')).toBeInTheDocument();
  });

  it('asks for confirmation; Close puts the selector back', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Bar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Open Bar')).toBeInTheDocument();
    expect(within(dialog).getByText('Click confirm to open bar')).toBeInTheDocument();
    // The selector shows the choice behind the dialog (hidden from screen readers while it is open).
    expect(screen.getByRole('radio', { name: 'Bar', hidden: true })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Cafe' })).toBeChecked();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Close' }));
    const closeDialog = await screen.findByRole('alertdialog');
    expect(within(closeDialog).getByText('Close Cafe and Bar')).toBeInTheDocument();
    expect(within(closeDialog).getByText('Click confirm to close cafe and bar')).toBeInTheDocument();
  });

  it('Confirm sets the status, refetches the orders and shows the new mode', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Bar' }));
    const before = orderCalls(calls).length;
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Take order at the bar only')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH' && c.path === '/cafe-status/bar-open')).toBe(true);
    await waitFor(() => expect(orderCalls(calls).length).toBeGreaterThan(before));
    expect(screen.getByRole('radio', { name: 'Bar' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Cafe' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Open Cafe')).toBeInTheDocument();
    expect(within(dialog).getByText('Click confirm to open cafe')).toBeInTheDocument();
  });
});

/**
 * Orders for later of the first site (the test's today is Wednesday 18 November 2026 in Bangkok):
 * three cafe orders of today, one of tomorrow, and one of today at the bar, closed already.
 */
const LATER_ORDERS = [
  makeOrder({ id: 31, status: 'scheduled', pickupAt: '2026-11-18T07:00:00.000Z', userName: 'Ann' }),
  makeOrder({ id: 32, status: 'scheduled', pickupAt: '2026-11-18T08:30:00.000Z', userName: 'Bo' }),
  makeOrder({ id: 33, status: 'scheduled', pickupAt: '2026-11-18T08:45:00.000Z', userName: 'Cy' }),
  makeOrder({ id: 34, status: 'scheduled', pickupAt: '2026-11-19T03:00:00.000Z', userName: 'Dao' }),
  makeOrder({ id: 35, status: 'scheduled', pickupAt: '2026-11-18T10:00:00.000Z', categoryFor: 'bar', userName: 'Eve' }),
];

describe('OrderBoardRoute: closing with orders for later', () => {
  it("says how many of today's orders for later closing cancels, beside the specification's text and buttons", async () => {
    orders = LATER_ORDERS;
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Close' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close Cafe and Bar' });
    expect(within(dialog).getByText('Click confirm to close cafe and bar')).toBeInTheDocument();
    expect(within(dialog).getByText('3 orders for later today will be cancelled.')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(
      'Click confirm to close cafe and bar 3 orders for later today will be cancelled.',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close', 'Confirm']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    // Opening the bar closes the cafe: the same orders go.
    await user.click(screen.getByRole('radio', { name: 'Bar' }));
    const bar = await screen.findByRole('alertdialog', { name: 'Open Bar' });
    expect(within(bar).getByText('3 orders for later today will be cancelled.')).toBeInTheDocument();
  });

  it('counts one order in the singular', async () => {
    orders = [LATER_ORDERS[0]!, LATER_ORDERS[3]!];
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Close' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close Cafe and Bar' });
    expect(within(dialog).getByText('1 order for later today will be cancelled.')).toBeInTheDocument();
  });

  it('says nothing of them when the choice closes no venue', async () => {
    cafeStatus = { isCafeOpen: false, isBarOpen: false };
    orders = LATER_ORDERS;
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Cafe' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Open Cafe' });
    expect(dialog).toHaveAccessibleDescription('Click confirm to open cafe');
    expect(within(dialog).queryByText(/orders? for later/)).toBeNull();
  });
});

describe('OrderBoardRoute: orders', () => {
  it("asks for today's waiting and in-progress orders", async () => {
    const { calls } = setup();
    await waitFor(() => expect(orderCalls(calls).length).toBeGreaterThan(0));
    const search = orderCalls(calls)[0]!.search;
    // The finished drinks too, for the Ready lane.
    expect(search.get('status')).toBe('ordered,in-progress,done');
    expect(search.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(search.get('endDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('splits the orders into In Progress and Waiting with counts and shows the card details', async () => {
    orders = [
      makeOrder({ id: 1, status: 'in-progress', menuName: 'Mocha', userName: 'Ann' }),
      makeOrder({
        id: 2,
        status: 'ordered',
        menuName: 'Latte',
        userName: 'Bo',
        remark: 'less ice',
        sweetness: 25,
        type: 'cold',
      }),
      makeOrder({ id: 3, status: 'ordered', menuName: 'Thai tea', userName: 'Cy', categoryName: 'Tea' }),
    ];
    setup();
    const inProgress = await screen.findByRole('region', { name: 'In Progress Order' });
    const waiting = screen.getByRole('region', { name: 'Waiting Order' });
    expect(within(inProgress).getByText('1 Orders')).toBeInTheDocument();
    expect(within(waiting).getByText('2 Orders')).toBeInTheDocument();

    const latte = within(waiting).getByRole('article', { name: 'Latte for Bo' });
    expect(within(latte).getByText('Cold')).toBeInTheDocument();
    expect(within(latte).getByTitle('Sweetness 25%')).toHaveTextContent('Sweetness 25%');
    expect(within(latte).getByText('Addition:')).toBeInTheDocument();
    expect(within(latte).getByText('less ice')).toBeInTheDocument();
    expect(within(latte).getByRole('button', { name: 'Do' })).toBeInTheDocument();
    // "-" means no remark: no Addition line.
    expect(
      within(within(waiting).getByRole('article', { name: 'Thai tea for Cy' })).queryByText('Addition:'),
    ).toBeNull();
    expect(within(inProgress).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('filters coffee and tea (tea includes the other drinks)', async () => {
    orders = [
      makeOrder({ id: 1, menuName: 'Latte', categoryName: 'Coffee' }),
      makeOrder({ id: 2, menuName: 'Green tea', categoryName: 'Tea' }),
      makeOrder({ id: 3, menuName: 'Cocoa', categoryName: 'Other' }),
    ];
    const { user } = setup();
    await screen.findByRole('article', { name: /Latte/ });
    const filter = screen.getByRole('radiogroup', { name: 'Filter' });

    await user.click(within(filter).getByRole('radio', { name: 'Tea' }));
    expect(screen.queryByRole('article', { name: /Latte/ })).toBeNull();
    expect(screen.getByRole('article', { name: /Green tea/ })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /Cocoa/ })).toBeInTheDocument();

    await user.click(within(filter).getByRole('radio', { name: 'Coffee' }));
    expect(screen.getByRole('article', { name: /Latte/ })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /Green tea/ })).toBeNull();
    expect(screen.queryByRole('article', { name: /Cocoa/ })).toBeNull();
  });

  it('Do moves a waiting order to in-progress', async () => {
    orders = [makeOrder({ id: 7, status: 'ordered' })];
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Do' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', path: '/order/barista/7', body: { status: 'in-progress' } }),
      ),
    );
  });

  it('tells the barista when another barista was faster, and refetches', async () => {
    orders = [makeOrder({ id: 8, status: 'ordered' })];
    const api = mockApi((call) => {
      if (call.path === '/sites') return { body: sites() };
      if (call.path === '/order') return { body: orders };
      if (call.path === '/order/barista/8')
        return {
          status: 409,
          body: {
            statusCode: 409,
            error: 'Conflict',
            message: 'The order is already in-progress',
            code: 'INVALID_TRANSITION',
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Do' }));
    expect(await screen.findByText('The order is already in-progress')).toBeInTheDocument();
    await waitFor(() => expect(orderCalls(api.calls).length).toBeGreaterThan(1));
  });

  it('shows a new order from its live event alone, and takes it off when it is done and picked up', async () => {
    const { calls } = setup();
    await screen.findByText('No orders now,');
    const before = orderCalls(calls).length;
    const now = new Date().toISOString();
    const placed = makeOrder({ id: 9, menuName: 'Flat white', userName: 'Dee', orderDate: now, updatedAt: now });
    emitOrders(placed);
    expect(await screen.findByRole('article', { name: 'Flat white for Dee' })).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();

    emitOrders({ ...placed, status: 'done' }, 'in-progress');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Flat white for Dee' })).toBeNull());
    emitOrders({ ...placed, status: 'picked' }, 'done');
    await new Promise((r) => setTimeout(r, 50));
    // The events said it all: the board asked the server nothing more.
    expect(orderCalls(calls).length).toBe(before);
  });

  it('shows a cocktail glass for bar orders and opens the tumbler preview for cafe orders', async () => {
    orders = [
      makeOrder({ id: 1, menuName: 'Mojito', categoryName: 'Cocktails', categoryFor: 'bar', userName: 'Eve' }),
      makeOrder({ id: 2, menuName: 'Latte', userName: 'Fay' }),
    ];
    const { user } = setup();
    const mojito = await screen.findByRole('article', { name: 'Mojito for Eve' });
    expect(within(mojito).getByRole('img', { name: 'Cocktail glass' })).toBeInTheDocument();
    expect(within(mojito).queryByTitle(/Sweetness/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show tumbler photo of Fay' }));
    const preview = await screen.findByRole('dialog');
    expect(within(preview).getByRole('img', { name: 'Tumbler of Fay for Latte' })).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Close Preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('rejects several selected orders with one reason, in one bulk request', async () => {
    orders = [
      makeOrder({ id: 11, menuName: 'Latte', userName: 'Gus' }),
      makeOrder({ id: 12, menuName: 'Mocha', userName: 'Hal' }),
    ];
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Select waiting orders' }));
    expect(screen.getByRole('button', { name: 'Cancel Selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Latte for Gus' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Mocha for Hal' }));
    await user.click(screen.getByRole('button', { name: /Cancel Selected/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Order' });
    await user.click(within(dialog).getByRole('radio', { name: 'The shop is closing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 2 orders' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/order/barista/bulk',
          body: { ids: [11, 12], status: 'rejected', reject_note: 'The shop is closing' },
        }),
      ),
    );
    expect(await screen.findByRole('button', { name: 'Select waiting orders' })).toBeInTheDocument();
    // The customers are told at once: the change can still be taken back for a moment.
    expect(await screen.findByText('Canceled: Latte for Gus and Mocha for Hal')).toBeInTheDocument();
  });
});

describe('OrderBoardRoute in Thai', () => {
  beforeEach(async () => {
    await loadEverything('th');
    i18n.activate('th');
  });

  it('shows the board, the shop status and busy mode in Thai, and confirms a change in Thai', async () => {
    const { user } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'บอร์ดออเดอร์' })).toBeInTheDocument();
    const selector = await screen.findByRole('radiogroup', { name: 'สถานะร้าน' });
    expect(within(selector).getByRole('radio', { name: 'คาเฟ่' })).toBeChecked();
    expect(await screen.findByText('ยังไม่มีออเดอร์ตอนนี้')).toBeInTheDocument();
    expect(screen.queryByText('No orders now,')).toBeNull();
    expect(await screen.findByText('เปิดรับออเดอร์ออนไลน์')).toBeInTheDocument();
    expect(screen.getByText('ไม่หยุดรับอัตโนมัติ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'หยุดรับ ออเดอร์ออนไลน์' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'สั่งหน้าร้าน' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เปิดเสียง' })).toBeInTheDocument();

    await user.click(within(selector).getByRole('radio', { name: 'บาร์' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('เปิดบาร์')).toBeInTheDocument();
    expect(within(dialog).getByText('กดยืนยันเพื่อเปิดบาร์')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยัน' }));
    expect(await screen.findByText('รับออเดอร์ที่บาร์เท่านั้น')).toBeInTheDocument();
  });

  it('says in Thai how many orders for later closing cancels', async () => {
    orders = LATER_ORDERS;
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'ปิด' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ปิดคาเฟ่และบาร์' });
    expect(within(dialog).getByText('กดยืนยันเพื่อปิดคาเฟ่และบาร์')).toBeInTheDocument();
    expect(within(dialog).getByText('ออเดอร์สั่งล่วงหน้าของวันนี้ 3 รายการจะถูกยกเลิก')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['ปิด', 'ยืนยัน']);
  });

  it('cancels an order with a reason read in Thai, the note sent in the specification words', async () => {
    orders = [makeOrder({ id: 21, menuName: 'Latte', userName: 'Gus' })];
    const { user, calls } = setup();
    expect(await screen.findByText('คาเฟ่เปิดอยู่')).toBeInTheDocument();
    const ticket = await screen.findByRole('article', { name: 'Latte ของ Gus' });
    await user.click(within(ticket).getByRole('button', { name: 'ยกเลิก' }));
    const dialog = await screen.findByRole('dialog', { name: 'ยกเลิกออเดอร์' });
    expect(within(dialog).getByRole('button', { name: 'ยกเลิกออเดอร์นี้' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'ร้านกำลังจะปิด' }));
    await user.click(within(dialog).getByRole('button', { name: 'ยกเลิกออเดอร์นี้' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'PATCH',
          path: '/order/barista/21',
          body: { status: 'rejected', reject_note: 'The shop is closing' },
        }),
      ),
    );
    expect(await screen.findByText('ยกเลิกแล้ว: Latte ของ Gus')).toBeInTheDocument();
  });
});

describe('OrderBoardRoute in Thai: settings and shortcuts', () => {
  beforeEach(async () => {
    await loadEverything('th');
    i18n.activate('th');
  });

  it('shows the board settings and the keyboard shortcuts in Thai', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /^ตั้งค่า/ }));
    const settings = await screen.findByRole('dialog', { name: 'ตั้งค่าบอร์ด' });
    const red = within(settings).getByLabelText('สีแดงหลังจาก (นาที)');
    await user.clear(red);
    await user.type(red, '3');
    await user.click(within(settings).getByRole('button', { name: 'บันทึก' }));
    expect(await within(settings).findByRole('alert')).toHaveTextContent('สีแดงต้องมากกว่าสีเหลือง');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'คีย์ลัด' }));
    const help = await screen.findByRole('dialog', { name: 'คีย์ลัด' });
    expect(within(help).getByText('ออเดอร์ถัดไป')).toBeInTheDocument();
    expect(within(help).queryByText('Next ticket')).toBeNull();
  });
});
