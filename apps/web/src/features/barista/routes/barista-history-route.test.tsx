import type { BaristaHistoryPage, Order, OrdersEvent, OrderStatus } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { i18n, loadEverything } from '@/i18n';
import { live } from '@/test/fake-live';
import { apiError, mockApi, renderWithProviders, type RecordedCall } from '@/test/render';
import { BaristaHistoryRoute } from './barista-history-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An order as the history holds it (no queue fields). */
function historyOrder(fields: Parameters<typeof makeOrder>[0]): Order {
  const { queue_at: _place, estimatedWaitMinutes: _wait, ...order } = makeOrder(fields);
  return order;
}

const page = (
  orders: Order[],
  dayTotals: BaristaHistoryPage['dayTotals'],
  nextCursor: string | null = null,
): BaristaHistoryPage => ({ orders, dayTotals, nextCursor });

/** Serves `pages` in turn: the first without a cursor, each next one for the cursor before it. */
function setup(pages: (BaristaHistoryPage | ReturnType<typeof apiError>)[]) {
  const api = mockApi((call: RecordedCall) => {
    if (call.path !== '/order/history/barista') return undefined;
    const cursor = call.search.get('cursor');
    const index = cursor === null ? 0 : Number(cursor.replace('page', ''));
    const answer = pages[index];
    if (answer === undefined) return undefined;
    return 'orders' in answer ? { body: answer } : answer;
  });
  renderWithProviders(<BaristaHistoryRoute />);
  return { calls: () => api.calls.filter((c) => c.path === '/order/history/barista') };
}

const dayHeadings = () =>
  screen.getAllByRole('region', { name: /2025/ }).map((d) => within(d).getByRole('heading').textContent);
const dayRegion = (name: RegExp) => screen.getByRole('region', { name });

function finished(status: OrderStatus, from: OrderStatus, order: Order): OrdersEvent {
  return {
    id: order.id,
    status,
    userId: order.user.id,
    categoryFor: 'cafe',
    updatedAt: order.updatedAt,
    from,
    order: { ...order, status },
  };
}

describe('BaristaHistoryRoute', () => {
  it('asks for the first page of the history', async () => {
    const { calls } = setup([page([], [])]);
    await waitFor(() => expect(calls().length).toBe(1));
    expect(calls()[0]?.search.get('limit')).toBe('50');
    expect(calls()[0]?.search.has('cursor')).toBe(false);
  });

  it('says so when there is no history', async () => {
    setup([page([], [])]);
    expect(await screen.findByText("You don't have any history")).toBeInTheDocument();
  });

  it('says so when the history cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    const { calls } = setup([apiError(503, 'INTERNAL', 'The database is restarting.')]);
    expect(
      await screen.findByText(/The history could not be loaded\. The database is restarting\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls().length).toBe(2));
  });

  it("groups by day, newest first, with labels and each whole day's served count", async () => {
    setup([
      page(
        [
          historyOrder({
            id: 4,
            status: 'rejected',
            orderDate: '2025-11-20T05:30:00.000Z',
            menuName: 'Green tea',
            userName: 'Dee',
            rejectNote: 'Machine Failure',
            type: 'cold',
            sweetness: 75,
          }),
          historyOrder({
            id: 3,
            status: 'cancel',
            orderDate: '2025-11-20T04:00:00.000Z',
            menuName: 'Cocoa',
            userName: 'Cy',
          }),
          historyOrder({
            id: 2,
            status: 'picked',
            orderDate: '2025-11-20T03:00:00.000Z',
            menuName: 'Mocha',
            userName: 'Bo',
          }),
          historyOrder({
            id: 1,
            status: 'done',
            orderDate: '2025-11-19T03:00:00.000Z',
            menuName: 'Latte',
            userName: 'Ann',
          }),
        ],
        // The 19th goes on beyond this page: the server counts all of it.
        [
          { day: '2025-11-20', totalOrder: 1 },
          { day: '2025-11-19', totalOrder: 7 },
        ],
        'page1',
      ),
    ]);
    await screen.findAllByRole('region', { name: /2025/ });
    expect(dayHeadings()).toEqual(['Thursday, 20 November 2025', 'Wednesday, 19 November 2025']);
    const today = dayRegion(/20 November/);
    expect(within(today).getByText('Total Order: 1')).toBeInTheDocument();
    expect(within(dayRegion(/19 November/)).getByText('Total Order: 7')).toBeInTheDocument();

    const rows = within(today).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('time')?.textContent)).toEqual(['12:30', '11:00', '10:00']);
    expect(rows[0]).toHaveTextContent('Green tea');
    expect(rows[0]).toHaveTextContent('Canceled by barista');
    expect(rows[0]).toHaveTextContent('Cold · Sweetness 75% · Dee');
    expect(rows[0]).toHaveTextContent('Machine Failure');
    expect(rows[1]).toHaveTextContent('Canceled by user');
    expect(rows[2]).toHaveTextContent('Done');
  });

  it('leaves out the sweetness of bar orders', async () => {
    setup([
      page(
        [
          historyOrder({
            id: 5,
            status: 'done',
            categoryFor: 'bar',
            categoryName: 'Cocktails',
            menuName: 'Mojito',
            userName: 'Eve',
          }),
        ],
        [{ day: '2025-11-20', totalOrder: 1 }],
      ),
    ]);
    const row = await screen.findByRole('listitem');
    expect(row).toHaveTextContent('Mojito');
    expect(row).not.toHaveTextContent('Sweetness');
  });

  it('loads older orders with the Load more button, a day split across pages keeping its total', async () => {
    const user = userEvent.setup();
    const { calls } = setup([
      page(
        [historyOrder({ id: 9, status: 'done', orderDate: '2025-11-20T05:00:00.000Z', menuName: 'Latte' })],
        [{ day: '2025-11-20', totalOrder: 2 }],
        'page1',
      ),
      page(
        [
          historyOrder({ id: 8, status: 'picked', orderDate: '2025-11-20T03:00:00.000Z', menuName: 'Mocha' }),
          historyOrder({ id: 7, status: 'done', orderDate: '2025-11-19T03:00:00.000Z', menuName: 'Cocoa' }),
        ],
        [
          { day: '2025-11-20', totalOrder: 2 },
          { day: '2025-11-19', totalOrder: 1 },
        ],
      ),
    ]);
    await screen.findByText('Latte');
    expect(within(dayRegion(/20 November/)).getByText('Total Order: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Cocoa');
    expect(calls()[1]?.search.get('cursor')).toBe('page1');
    expect(within(dayRegion(/20 November/)).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dayRegion(/20 November/)).getByText('Total Order: 2')).toBeInTheDocument();
    expect(within(dayRegion(/19 November/)).getByText('Total Order: 1')).toBeInTheDocument();
    // Everything is loaded: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page by itself when the end of the list scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          observed.push({ callback: this.callback, target });
        }
        disconnect() {}
      },
    );
    const { calls } = setup([
      page(
        [historyOrder({ id: 9, status: 'done', orderDate: '2025-11-20T05:00:00.000Z', menuName: 'Latte' })],
        [],
        'page1',
      ),
      page([historyOrder({ id: 8, status: 'done', orderDate: '2025-11-19T05:00:00.000Z', menuName: 'Mocha' })], []),
    ]);
    await screen.findByText('Latte');
    const sentinel = observed.at(-1);
    expect(sentinel?.target).toContainElement(screen.getByRole('button', { name: 'Load more' }));
    act(() => sentinel?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await screen.findByText('Mocha');
    expect(calls()).toHaveLength(2);
  });

  it('offers to try again when older orders cannot be loaded', async () => {
    const user = userEvent.setup();
    const { calls } = setup([
      page(
        [historyOrder({ id: 9, status: 'done', orderDate: '2025-11-20T05:00:00.000Z', menuName: 'Latte' })],
        [],
        'page1',
      ),
      apiError(503, 'INTERNAL', 'busy'),
    ]);
    await screen.findByText('Latte');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older orders could not be loaded.')).toBeInTheDocument();
    // What was loaded stays.
    expect(screen.getByText('Latte')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls()).toHaveLength(3));
  });

  it('puts a newly finished order on top and counts it, without fetching the pages again', async () => {
    const latte = historyOrder({ id: 9, status: 'done', orderDate: '2025-11-20T05:00:00.000Z', menuName: 'Latte' });
    const { calls } = setup([page([latte], [{ day: '2025-11-20', totalOrder: 3 }], 'page1')]);
    await screen.findByText('Latte');

    const mocha = historyOrder({
      id: 10,
      status: 'in-progress',
      orderDate: '2025-11-20T06:00:00.000Z',
      menuName: 'Mocha',
    });
    act(() => live.emit('orders', finished('done', 'in-progress', mocha)));
    await waitFor(() => expect(within(dayRegion(/20 November/)).getByText('Total Order: 4')).toBeInTheDocument());
    expect(within(dayRegion(/20 November/)).getAllByRole('listitem')[0]).toHaveTextContent('Mocha');

    // Picked up: still one served order. Canceled: listed, not counted.
    act(() => live.emit('orders', finished('picked', 'done', { ...mocha, status: 'done' })));
    const cocoa = historyOrder({ id: 11, status: 'ordered', orderDate: '2025-11-20T06:30:00.000Z', menuName: 'Cocoa' });
    act(() => live.emit('orders', finished('cancel', 'ordered', cocoa)));
    await screen.findByText('Cocoa');
    expect(within(dayRegion(/20 November/)).getByText('Total Order: 4')).toBeInTheDocument();
    expect(
      within(dayRegion(/20 November/))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Cocoa', 'Mocha', 'Latte']);
    expect(calls()).toHaveLength(1);
  });

  it('fetches the history again after a reconnect', async () => {
    const { calls } = setup([page([historyOrder({ id: 9, status: 'done', menuName: 'Latte' })], [])]);
    await screen.findByText('Latte');
    act(() => live.reconnect());
    await waitFor(() => expect(calls()).toHaveLength(2));
  });
});

describe('BaristaHistoryRoute in Thai', () => {
  it('shows the history, its statuses and the reasons in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const user = userEvent.setup();
    setup([
      page(
        [
          historyOrder({
            id: 4,
            status: 'rejected',
            orderDate: '2025-11-20T05:30:00.000Z',
            menuName: 'Green tea',
            userName: 'Dee',
            rejectNote: 'Machine Failure',
            type: 'cold',
            sweetness: 75,
          }),
          historyOrder({ id: 3, status: 'cancel', orderDate: '2025-11-20T04:00:00.000Z', menuName: 'Cocoa' }),
          historyOrder({ id: 2, status: 'picked', orderDate: '2025-11-20T03:00:00.000Z', menuName: 'Mocha' }),
        ],
        [{ day: '2025-11-20', totalOrder: 1 }],
        'page1',
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'ประวัติ' })).toBeInTheDocument();
    expect(await screen.findByText('ออเดอร์ทั้งหมด: 1')).toBeInTheDocument();
    expect(screen.queryByText('Total Order: 1')).toBeNull();
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('บาริสต้ายกเลิก');
    expect(rows[0]).toHaveTextContent('เย็น · ความหวาน 75% · Dee');
    // The reason kept on the order is the specification's English; it shows in Thai.
    expect(rows[0]).toHaveTextContent('เครื่องขัดข้อง');
    expect(rows[0]).not.toHaveTextContent('Machine Failure');
    expect(rows[1]).toHaveTextContent('ผู้ใช้ยกเลิก');
    expect(rows[2]).toHaveTextContent('เสร็จแล้ว');
    expect(screen.getByRole('button', { name: 'โหลดเพิ่ม' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(within(rows[0]!).getByRole('button', { name: 'ลำดับเหตุการณ์ของ Green tea ของ Dee' }));
    expect(await screen.findByRole('dialog', { name: 'ลำดับเหตุการณ์ของออเดอร์' })).toBeInTheDocument();
  });

  it('says in Thai that there is no history', async () => {
    await loadEverything('th');
    i18n.activate('th');
    setup([page([], [])]);
    expect(await screen.findByText('คุณยังไม่มีประวัติการสั่ง')).toBeInTheDocument();
    expect(screen.queryByText("You don't have any history")).toBeNull();
  });
});
