import type { OrderingStatus } from '@cafe/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dispatchLiveEvent } from '@/lib/live-dispatch';
import { mockApi, renderWithProviders } from '@/test/render';
import { OrderingPausedNotice } from './ordering-paused-notice';

const OPEN: OrderingStatus = {
  paused: false,
  reason: null,
  waiting: 3,
  estimatedWaitMinutes: 12,
  limits: { maxWaiting: 10, maxWaitMinutes: null },
  message: null,
};
const BUSY = 'The cafe is very busy right now (about 31 min wait). Please try again in a few minutes.';

describe('OrderingPausedNotice', () => {
  it('says nothing while orders are taken, and says why when busy mode pauses them, live', async () => {
    mockApi({ 'GET /ordering-status': OPEN });
    renderWithProviders(<OrderingPausedNotice />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() =>
      dispatchLiveEvent('ordering-status', {
        ...OPEN,
        paused: true,
        reason: 'queue',
        waiting: 10,
        estimatedWaitMinutes: 31,
        message: BUSY,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(BUSY);
    act(() => dispatchLiveEvent('ordering-status', OPEN));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
