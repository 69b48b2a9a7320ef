import type { MyCupsSaved, OrdersEvent } from '@cafe/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { live } from '@/test/fake-live';
import { mockApi, renderWithProviders, Reply, signIn } from '@/test/render';
import { CupsSavedLine } from './cups-saved-line';

const MINE: MyCupsSaved = { thisMonth: 3, allTime: 1204, factors: { wasteGramsPerCup: 11.5, co2GramsPerCup: 33 } };

/** The person's own drink moving from `from` to `status`, in their tumbler unless `ownCup` is false. */
function ownOrder(status: OrdersEvent['status'], from: OrdersEvent['from'], ownCup = true): OrdersEvent {
  const at = '2026-11-18T03:00:00.000Z';
  return {
    id: 9,
    status,
    from,
    userId: 7,
    categoryFor: 'cafe',
    updatedAt: at,
    order: {
      id: 9,
      status,
      orderDate: at,
      updatedAt: at,
      type: 'hot',
      sweetness: 50,
      remark: '-',
      tumblerImage: '/api/images/cup.webp',
      rejectNote: '',
      menu: { id: 10, name: 'Latte', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
      user: { id: 7, name: 'Mali' },
      site: { id: 1, name: 'Head office' },
      ownCup,
    },
  };
}

describe('the cups saved line', () => {
  it('says how many cups the person saved this month and all time, and why it counts', async () => {
    signIn();
    const { calls } = mockApi({ 'GET /order/cups-saved/user': MINE });
    renderWithProviders(<CupsSavedLine />);
    expect(await screen.findByText('Cups saved: 3 this month · 1,204 all time')).toBeInTheDocument();
    expect(screen.getByText('Each drink in your own tumbler saves a disposable cup')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/order/cups-saved/user')).toHaveLength(1);
  });

  it('holds its place while the numbers load, and shows them where the placeholder was', async () => {
    signIn();
    let answer: ((reply: Reply) => void) | undefined;
    mockApi((call) =>
      call.path === '/order/cups-saved/user' ? new Promise<Reply>((resolve) => (answer = resolve)) : undefined,
    );
    const { container } = renderWithProviders(<CupsSavedLine />);
    const box = container.firstElementChild;
    expect(box).toHaveAttribute('aria-busy', 'true');
    expect(box).toHaveTextContent('Cups saved: … this month · … all time');
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer?.(new Reply(200, MINE)));
    await waitFor(() => expect(box).toHaveTextContent('Cups saved: 3 this month · 1,204 all time'));
    expect(container.firstElementChild).toBe(box);
    expect(box).not.toHaveAttribute('aria-busy');
  });

  it('goes away quietly when the numbers cannot be read', async () => {
    signIn();
    const { calls } = mockApi({});
    renderWithProviders(<CupsSavedLine />);
    await waitFor(() => expect(calls.some((c) => c.path === '/order/cups-saved/user')).toBe(true));
    await waitFor(() => expect(screen.queryByText(/Cups saved/)).not.toBeInTheDocument());
    expect(screen.queryByText('Each drink in your own tumbler saves a disposable cup')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks again when one of the person’s drinks in their tumbler is picked up, not for other moves', async () => {
    signIn();
    let served = MINE;
    const { calls } = mockApi({ 'GET /order/cups-saved/user': () => served });
    renderWithProviders(<CupsSavedLine />);
    await screen.findByText('Cups saved: 3 this month · 1,204 all time');
    const asked = () => calls.filter((c) => c.path === '/order/cups-saved/user').length;

    act(() => {
      live.emit('orders', ownOrder('done', 'in-progress'));
      live.emit('orders', ownOrder('picked', 'done', false));
    });
    served = { ...MINE, thisMonth: 4, allTime: 1205 };
    act(() => live.emit('orders', ownOrder('picked', 'done')));
    expect(await screen.findByText('Cups saved: 4 this month · 1,205 all time')).toBeInTheDocument();
    expect(asked()).toBe(2);
  });

  it('speaks Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    signIn();
    mockApi({ 'GET /order/cups-saved/user': MINE });
    renderWithProviders(<CupsSavedLine />);
    expect(await screen.findByText('ลดแก้วใช้แล้วทิ้ง: เดือนนี้ 3 ใบ · ทั้งหมด 1,204 ใบ')).toBeInTheDocument();
  });
});
