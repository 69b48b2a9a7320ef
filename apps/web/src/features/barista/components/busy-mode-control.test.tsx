import type { OrderingStatus, OrderingStatusPatch } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { dispatchLiveEvent } from '@/lib/live-dispatch';
import { apiError, mockApi, renderWithProviders, type Reply } from '@/test/render';
import { useBoardLive } from '@/features/barista/hooks/use-board-live';
import { BusyModeControl } from './busy-mode-control';

const OPEN: OrderingStatus = {
  paused: false,
  reason: null,
  waiting: 3,
  estimatedWaitMinutes: 9,
  limits: { maxWaiting: 15, maxWaitMinutes: null },
  message: null,
};
const BUSY = 'The cafe is very busy right now (about 31 min wait). Please try again in a few minutes.';
const PAUSED_BY_HAND: OrderingStatus = {
  ...OPEN,
  paused: true,
  reason: 'manual',
  message: 'Online orders are paused for a moment. Please order at the counter.',
};

/** The board keeps busy mode current from the live events (hooks/use-board-live.ts), as on /ordering. */
function BoardLive() {
  useBoardLive();
  return null;
}

/**
 * The control on the board over a fake API that serves `initial` and answers a PATCH with the
 * status the server would give (or with `patchAnswer`).
 */
function setup(initial: OrderingStatus, patchAnswer?: Reply) {
  let current = initial;
  const api = mockApi((call) => {
    if (call.path !== '/ordering-status') return undefined;
    if (call.method === 'GET') return { body: current };
    if (call.method === 'PATCH') {
      if (patchAnswer) return patchAnswer;
      const patch = call.body as OrderingStatusPatch;
      const before = current;
      const paused = patch.paused ?? before.paused;
      current = {
        ...before,
        paused,
        reason: paused ? 'manual' : null,
        message: paused ? PAUSED_BY_HAND.message : null,
        limits: {
          maxWaiting: patch.maxWaiting === undefined ? before.limits.maxWaiting : patch.maxWaiting,
          maxWaitMinutes: patch.maxWaitMinutes === undefined ? before.limits.maxWaitMinutes : patch.maxWaitMinutes,
        },
      };
      return { body: current };
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <BoardLive />
      <BusyModeControl />
    </>,
  );
  const patches = () => api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
  return { ...api, user, patches };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BusyModeControl: the current state', () => {
  it('shows that online orders are open, with the limits that would pause them', async () => {
    setup(OPEN);
    expect(screen.getByRole('status')).toHaveTextContent('Loading online ordering...');
    const group = await screen.findByRole('group', { name: 'Online orders open' });
    expect(within(group).getByText('Pauses at 15 waiting')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Pause online orders' })).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Resume online orders' })).toBeNull();
  });

  it('shows why orders are paused by the queue, what customers read, and offers no Resume', async () => {
    setup({ ...OPEN, paused: true, reason: 'queue', waiting: 15, message: BUSY });
    const group = await screen.findByRole('group', { name: 'Online orders paused' });
    expect(
      within(group).getByText('Paused: 15 orders are waiting. Resumes by itself when the queue is shorter.'),
    ).toBeInTheDocument();
    expect(within(group).getByText(`Customers see: "${BUSY}"`)).toBeInTheDocument();
    // Only a pause by hand is lifted by hand; this one ends when the queue shortens.
    expect(within(group).queryByRole('button', { name: 'Resume online orders' })).toBeNull();
    expect(within(group).queryByRole('button', { name: 'Pause online orders' })).toBeNull();
  });

  it('says when the status cannot be read, and reads it again on request', async () => {
    let fail = true;
    mockApi((call) =>
      call.path === '/ordering-status'
        ? fail
          ? apiError(503, 'INTERNAL', 'Try again soon')
          : { body: OPEN }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<BusyModeControl />);
    expect(await screen.findByText(/Online ordering status is not available/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Online orders open' })).toBeInTheDocument();
  });
});

describe('BusyModeControl: by hand', () => {
  it('pauses online orders with PATCH { paused: true }, then resumes them with { paused: false }', async () => {
    const { user, patches } = setup(OPEN);
    await user.click(await screen.findByRole('button', { name: 'Pause online orders' }));

    await waitFor(() => expect(patches()).toEqual([{ paused: true }]));
    const paused = await screen.findByRole('group', { name: 'Online orders paused' });
    expect(within(paused).getByText('Paused by a barista.')).toBeInTheDocument();
    expect(within(paused).getByText(`Customers see: "${PAUSED_BY_HAND.message}"`)).toBeInTheDocument();
    expect(await screen.findByText('Online orders paused', { selector: '[data-title]' })).toBeInTheDocument();

    await user.click(within(paused).getByRole('button', { name: 'Resume online orders' }));
    await waitFor(() => expect(patches()).toEqual([{ paused: true }, { paused: false }]));
    expect(await screen.findByRole('group', { name: 'Online orders open' })).toBeInTheDocument();
    expect(await screen.findByText('Online orders resumed')).toBeInTheDocument();
  });

  it('keeps the state and says so when the server refuses', async () => {
    const { user, patches } = setup(OPEN, apiError(403, 'FORBIDDEN', 'Only baristas can do this'));
    await user.click(await screen.findByRole('button', { name: 'Pause online orders' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(await screen.findByText('Online orders were not paused')).toBeInTheDocument();
    expect(screen.getByText('Only baristas can do this')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Online orders open' })).toBeInTheDocument();
  });
});

describe('BusyModeControl: the limits', () => {
  it('sets the queue length and the minutes that pause orders by themselves; an empty field is no limit', async () => {
    const { user, patches } = setup(OPEN);
    await user.click(await screen.findByRole('button', { name: 'Busy limits' }));
    const limits = await screen.findByRole('dialog', { name: 'Busy limits' });
    const waiting = within(limits).getByLabelText('Pause at this many waiting orders');
    const minutes = within(limits).getByLabelText('Pause when the wait reaches (min)');
    expect(waiting).toHaveValue(15);
    expect(minutes).toHaveValue(null);

    await user.clear(waiting);
    await user.type(waiting, '12');
    await user.type(minutes, '25');
    await user.click(within(limits).getByRole('button', { name: 'Save limits' }));

    await waitFor(() => expect(patches()).toEqual([{ maxWaiting: 12, maxWaitMinutes: 25 }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Busy limits' })).toBeNull());
    expect(screen.getByText('Pauses at 12 waiting or a 25 min wait')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Busy limits' }));
    const again = await screen.findByRole('dialog', { name: 'Busy limits' });
    await user.clear(within(again).getByLabelText('Pause at this many waiting orders'));
    await user.clear(within(again).getByLabelText('Pause when the wait reaches (min)'));
    await user.click(within(again).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(patches()).toContainEqual({ maxWaiting: null, maxWaitMinutes: null }));
    expect(await screen.findByText('No automatic pause')).toBeInTheDocument();
  });

  it('refuses a limit out of range before asking the server', async () => {
    const { user, patches } = setup(OPEN);
    await user.click(await screen.findByRole('button', { name: 'Busy limits' }));
    const limits = await screen.findByRole('dialog', { name: 'Busy limits' });
    const waiting = within(limits).getByLabelText('Pause at this many waiting orders');
    const minutes = within(limits).getByLabelText('Pause when the wait reaches (min)');
    await user.clear(waiting);
    await user.type(waiting, '501');
    await user.type(minutes, '0');
    await user.click(within(limits).getByRole('button', { name: 'Save limits' }));

    expect(waiting).toHaveAccessibleDescription('Use a whole number from 1 to 500, or leave it empty.');
    expect(minutes).toHaveAccessibleDescription('Use a whole number from 1 to 240, or leave it empty.');
    expect(patches()).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Busy limits' })).toBeInTheDocument();
  });

  it('shows a refusal of the server in the form, which stays open', async () => {
    const { user, patches } = setup(OPEN, apiError(400, 'VALIDATION', 'maxWaiting: Too small'));
    await user.click(await screen.findByRole('button', { name: 'Busy limits' }));
    const limits = await screen.findByRole('dialog', { name: 'Busy limits' });
    await user.type(within(limits).getByLabelText('Pause when the wait reaches (min)'), '30');
    await user.click(within(limits).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(await within(limits).findByRole('alert')).toHaveTextContent('maxWaiting: Too small');
    expect(screen.getByText('Pauses at 15 waiting')).toBeInTheDocument();
  });
});

describe('BusyModeControl: live', () => {
  it('follows the ordering-status event: paused by the wait, then open again, without asking the server', async () => {
    const { calls } = setup(OPEN);
    await screen.findByRole('group', { name: 'Online orders open' });
    const reads = calls.length;

    act(() =>
      dispatchLiveEvent('ordering-status', {
        ...OPEN,
        paused: true,
        reason: 'wait',
        estimatedWaitMinutes: 31,
        limits: { maxWaiting: 15, maxWaitMinutes: 30 },
        message: BUSY,
      }),
    );
    const paused = await screen.findByRole('group', { name: 'Online orders paused' });
    expect(
      within(paused).getByText('Paused: the wait reached 31 min. Resumes by itself when it is shorter.'),
    ).toBeInTheDocument();
    expect(within(paused).getByText(`Customers see: "${BUSY}"`)).toBeInTheDocument();

    act(() => dispatchLiveEvent('ordering-status', { ...OPEN, limits: { maxWaiting: 15, maxWaitMinutes: 30 } }));
    const open = await screen.findByRole('group', { name: 'Online orders open' });
    expect(within(open).getByText('Pauses at 15 waiting or a 30 min wait')).toBeInTheDocument();
    expect(calls).toHaveLength(reads);
  });
});

describe('BusyModeControl in Thai', () => {
  it('shows the state, why it is paused and the limits form in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const { user, patches } = setup({
      ...OPEN,
      paused: true,
      reason: 'wait',
      limits: { maxWaiting: 15, maxWaitMinutes: 30 },
    });
    const group = await screen.findByRole('group', { name: 'หยุดรับออเดอร์ออนไลน์อยู่' });
    expect(within(group).getByText('หยุดรับ: เวลารอถึง 30 นาทีแล้ว จะกลับมารับเองเมื่อเวลารอสั้นลง')).toBeInTheDocument();
    expect(within(group).queryByText(/^Paused/)).toBeNull();

    await user.click(within(group).getByRole('button', { name: 'ขีดจำกัดช่วงยุ่ง' }));
    const popover = await screen.findByRole('dialog', { name: 'ขีดจำกัดช่วงยุ่ง' });
    const waiting = within(popover).getByLabelText('หยุดรับเมื่อมีออเดอร์รอถึงจำนวนนี้');
    await user.clear(waiting);
    await user.type(waiting, '501');
    await user.click(within(popover).getByRole('button', { name: 'บันทึกขีดจำกัด' }));
    expect(await within(popover).findByText('ใส่จำนวนเต็มตั้งแต่ 1 ถึง 500 หรือเว้นว่างไว้')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
  });
});
