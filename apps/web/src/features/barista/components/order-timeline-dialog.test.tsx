import type { LiveEventPayload, TimelineEntry } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { i18n, loadEverything } from '@/i18n';
import { dispatchLiveEvent } from '@/lib/live-dispatch';
import { apiError, mockApi, renderWithProviders, type RecordedCall } from '@/test/render';
import { OrderTimelineDialog } from './order-timeline-dialog';

/** 10:00 in the cafe (Asia/Bangkok, the test settings) on 20 November 2025. */
const NOW = new Date('2025-11-20T03:00:00.000Z');
const ORDER = makeOrder({ id: 21, menuName: 'Latte', userName: 'Ann' });
const ANN = { id: 100, name: 'Ann' };
const BEE = { id: 5, name: 'Bee' };

/** Placed, taken, rejected with a reason, the reject undone, then done (the cafe's clock in comments). */
const HISTORY: TimelineEntry[] = [
  { status: 'ordered', from: null, at: '2025-11-20T02:15:07.000Z', by: ANN, note: null }, // 09:15:07
  { status: 'in-progress', from: 'ordered', at: '2025-11-20T02:20:00.000Z', by: BEE, note: null }, // 09:20:00
  { status: 'rejected', from: 'in-progress', at: '2025-11-20T02:21:30.000Z', by: BEE, note: 'Machine Failure' },
  { status: 'in-progress', from: 'rejected', at: '2025-11-20T02:21:45.000Z', by: BEE, note: 'undo' },
  { status: 'done', from: 'in-progress', at: '2025-11-20T02:40:00.000Z', by: BEE, note: null },
];

/** A tumbler marked not here, and the order cancelled by the cafe timer when its time ran out. */
const CAFE_TIMER = { id: 2, name: 'cafe timer', system: true } as const;
const TIMER_HISTORY: TimelineEntry[] = [
  HISTORY[0]!,
  { status: 'ordered', from: 'ordered', at: '2025-11-20T02:16:00.000Z', by: BEE, note: 'tumbler-missing' },
  {
    status: 'rejected',
    from: 'ordered',
    at: '2025-11-20T02:21:00.000Z',
    by: CAFE_TIMER,
    note: 'Barista can not find your tumbler',
  },
];

type Answer = { status?: number; body?: unknown } | undefined;
type Handler = (call: RecordedCall) => Answer | Promise<Answer>;

function setup(handler: Handler, title = 'Order timeline') {
  const api = mockApi(handler);
  const onClose = vi.fn();
  const onUndone = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<OrderTimelineDialog order={ORDER} onClose={onClose} onUndone={onUndone} />);
  const dialog = screen.getByRole('dialog', { name: title });
  const timelineReads = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/order/21/timeline');
  return { ...api, user, dialog, onClose, onUndone, timelineReads };
}

/** What each step of the timeline shows: when, what, who. */
function steps(dialog: HTMLElement): string[] {
  return within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OrderTimelineDialog', () => {
  it('shows every move of the order, oldest first: when, what (a reject with its reason, an undo) and who', async () => {
    const { dialog, timelineReads, user, onClose } = setup((call) =>
      call.path === '/order/21/timeline' ? { body: HISTORY } : undefined,
    );
    expect(within(dialog).getByText('Latte for Ann')).toBeInTheDocument();

    await within(dialog).findByRole('list');
    expect(steps(dialog)).toEqual([
      '09:15:07Placedby Ann',
      '09:20:00Taken (Do)by Bee',
      '09:21:30Canceled by barista: Machine Failureby Bee',
      '09:21:45Undone: back to in progressby Bee',
      '09:40:00Doneby Bee',
    ]);
    expect(within(dialog).getAllByRole('listitem')[2]!.querySelector('time')).toHaveAttribute(
      'dateTime',
      '2025-11-20T02:21:30.000Z',
    );
    expect(timelineReads()).toHaveLength(1);
    // Done twenty minutes ago: too late to take back.
    expect(within(dialog).queryByRole('button', { name: /^Undo/ })).toBeNull();

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(onClose).toHaveBeenCalled();
  });

  it("names the drink's options under its title", () => {
    mockApi(() => ({ body: HISTORY }));
    const withOptions = {
      ...ORDER,
      options: [{ groupId: 1, group: 'Size', choiceId: 12, choice: 'Large', quantity: 1, isDefault: false }],
    };
    renderWithProviders(<OrderTimelineDialog order={withOptions} onClose={vi.fn()} onUndone={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Order timeline' });
    expect(within(dialog).getByText('Latte for Ann · Large')).toBeInTheDocument();
  });

  it('dates the moves of another day, and names the cafe for a move nobody made', async () => {
    const { dialog } = setup((call) =>
      call.path === '/order/21/timeline'
        ? {
            body: [
              { status: 'ordered', from: null, at: '2025-11-19T08:50:00.000Z', by: ANN, note: null },
              {
                status: 'rejected',
                from: 'ordered',
                at: '2025-11-19T09:00:00.000Z',
                by: null,
                note: 'The shop is closing',
              },
            ],
          }
        : undefined,
    );
    await within(dialog).findByRole('list');
    expect(steps(dialog)).toEqual([
      '19 Nov 202515:50:00Placedby Ann',
      '19 Nov 202516:00:00Canceled by barista: The shop is closingby the cafe',
    ]);
  });

  it("names the cafe timer for the cafe's own moves (a tumbler nobody brought, a reminder)", async () => {
    const { dialog } = setup((call) => (call.path === '/order/21/timeline' ? { body: TIMER_HISTORY } : undefined));
    await within(dialog).findByRole('list');
    expect(steps(dialog)).toEqual([
      '09:15:07Placedby Ann',
      '09:16:00Tumbler not hereby Bee',
      '09:21:00Canceled by barista: Barista can not find your tumblerby cafe timer',
    ]);
  });

  it('says it is loading until the timeline arrives', async () => {
    let answer: (value: { body: TimelineEntry[] }) => void = () => undefined;
    const { dialog } = setup((call) =>
      call.path === '/order/21/timeline'
        ? new Promise<{ body: TimelineEntry[] }>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the timeline...');
    expect(within(dialog).queryByRole('list')).toBeNull();

    act(() => answer({ body: HISTORY.slice(0, 1) }));
    expect(await within(dialog).findByText('Placed')).toBeInTheDocument();
    expect(within(dialog).queryByText('Loading the timeline...')).toBeNull();
  });

  it('says when the timeline cannot be loaded, and Try again reads it again', async () => {
    let fail = true;
    const { dialog, user, timelineReads } = setup((call) =>
      call.path === '/order/21/timeline'
        ? fail
          ? apiError(404, 'NOT_FOUND', 'Order not found')
          : { body: HISTORY.slice(0, 2) }
        : undefined,
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The timeline could not be loaded. Order not found',
    );
    expect(within(dialog).queryByRole('list')).toBeNull();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Taken (Do)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(timelineReads()).toHaveLength(2);
  });

  it('offers to undo a move of the last 30 seconds and shows the undo once taken back', async () => {
    const done = { status: 'done', from: 'in-progress', at: '2025-11-20T02:59:50.000Z', by: BEE, note: null };
    let entries: TimelineEntry[] = [...HISTORY.slice(0, 2), done];
    const { dialog, user, calls, onUndone } = setup((call) => {
      if (call.path === '/order/21/timeline') return { body: entries };
      if (call.method === 'POST' && call.path === '/order/barista/21/undo') {
        entries = [...entries, { status: 'in-progress', from: 'done', at: NOW.toISOString(), by: BEE, note: 'undo' }];
        const { queue_at: _q, estimatedWaitMinutes: _w, ...order } = ORDER;
        return { body: { ...order, status: 'in-progress' } };
      }
      return undefined;
    });

    const undo = await within(dialog).findByRole('button', { name: 'Undo Done (20 s left)' });
    await user.click(undo);

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/order/barista/21/undo']),
    );
    expect(await within(dialog).findByText('Undone: back to in progress')).toBeInTheDocument();
    expect(onUndone).toHaveBeenCalledWith(21);
    expect(await screen.findByText('Undone: Latte for Ann')).toBeInTheDocument();
    // An undo cannot itself be undone.
    expect(within(dialog).queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('says when it is too late to undo', async () => {
    const done = { status: 'done', from: 'in-progress', at: '2025-11-20T02:59:40.000Z', by: BEE, note: null };
    const { dialog, user, onUndone } = setup((call) => {
      if (call.path === '/order/21/timeline') return { body: [...HISTORY.slice(0, 2), done] };
      if (call.path === '/order/barista/21/undo') return apiError(409, 'UNDO_EXPIRED', 'undo window passed');
      return undefined;
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Undo Done (10 s left)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too late to undo Latte for Ann: a change can be taken back for 30 seconds.',
    );
    expect(onUndone).not.toHaveBeenCalled();
  });

  it('reads the timeline again when the order moves while it is open', async () => {
    let entries = HISTORY.slice(0, 1);
    const { dialog, timelineReads } = setup((call) =>
      call.path === '/order/21/timeline' ? { body: entries } : undefined,
    );
    await within(dialog).findByText('Placed');

    entries = HISTORY.slice(0, 2);
    const { queue_at: _q, estimatedWaitMinutes: _w, ...order } = ORDER;
    const event: LiveEventPayload<'orders'> = {
      id: 21,
      status: 'in-progress',
      userId: 100,
      categoryFor: 'cafe',
      updatedAt: HISTORY[1]!.at,
      from: 'ordered',
      order: { ...order, status: 'in-progress' },
    };
    act(() => dispatchLiveEvent('orders', { ...event, id: 99, order: { ...event.order, id: 99 } }));
    act(() => dispatchLiveEvent('orders', event));
    expect(await within(dialog).findByText('Taken (Do)')).toBeInTheDocument();
    // Another order's move is not this timeline's business.
    expect(timelineReads()).toHaveLength(2);
  });
});

describe('OrderTimelineDialog in Thai', () => {
  it('tells every move in Thai, the reason kept in English shown in Thai, and offers the undo in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const done = { status: 'done', from: 'in-progress', at: '2025-11-20T02:59:40.000Z', by: BEE, note: null };
    const { dialog, user } = setup((call) => {
      if (call.path === '/order/21/timeline') return { body: [...HISTORY.slice(0, 4), done] };
      if (call.path === '/order/barista/21/undo') return apiError(409, 'UNDO_EXPIRED', 'undo window passed');
      return undefined;
    }, 'ลำดับเหตุการณ์ของออเดอร์');
    expect(within(dialog).getByText('Latte ของ Ann')).toBeInTheDocument();
    await within(dialog).findByRole('list');
    expect(steps(dialog)).toEqual([
      '09:15:07สั่งแล้วโดย Ann',
      '09:20:00รับทำ (เริ่มทำ)โดย Bee',
      '09:21:30บาริสต้ายกเลิก: เครื่องขัดข้องโดย Bee',
      '09:21:45ย้อนกลับแล้ว: กลับไปกำลังทำโดย Bee',
      '09:59:40เสร็จแล้วโดย Bee',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'ย้อนการทำเสร็จ (เหลือ 10 วินาที)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'ย้อนกลับ Latte ของ Ann ไม่ทันแล้ว: ย้อนการเปลี่ยนแปลงได้ภายใน 30 วินาทีเท่านั้น',
    );
  });

  it('names the cafe timer in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const { dialog } = setup(
      (call) => (call.path === '/order/21/timeline' ? { body: TIMER_HISTORY } : undefined),
      'ลำดับเหตุการณ์ของออเดอร์',
    );
    await within(dialog).findByRole('list');
    expect(steps(dialog).at(-1)).toBe('09:21:00บาริสต้ายกเลิก: บาริสต้าหาแก้วของคุณไม่พบโดย ตัวจับเวลาของคาเฟ่');
  });
});
