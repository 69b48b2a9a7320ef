import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { setBrowserOnline, setLiveConnected } from '@/test/network';
import { renderWithProviders } from '@/test/render';
import { LiveIndicator } from './live-indicator';

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveIndicator (board)', () => {
  it('says Live only while connected and online', () => {
    renderWithProviders(<LiveIndicator />);
    setLiveConnected(true);
    expect(screen.getByRole('status')).toHaveTextContent(/^Live$/);
    expect(screen.queryByRole('timer')).toBeNull();

    // The browser knows before the socket does: not Live any more.
    setBrowserOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting...');
  });

  it('shows for how long the board has been disconnected, ticking, until the channel is back', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T03:00:00Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    renderWithProviders(<LiveIndicator />);
    setLiveConnected(true);
    setBrowserOnline(false);
    setLiveConnected(false);
    expect(screen.getByRole('timer')).toHaveTextContent('Disconnected for 0 s');

    act(() => {
      vi.advanceTimersByTime(80_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('Disconnected for 1 min 20 s');

    // Online again but not yet reconnected: still counting, still not Live.
    setBrowserOnline(true);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('Disconnected for 1 min 21 s');
    expect(screen.getByRole('status')).not.toHaveTextContent(/^Live$/);

    setLiveConnected(true);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(/^Live$/);
  });
});

describe('LiveIndicator (board) in Thai', () => {
  it('says whether the board is live, and for how long it has been cut off, in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    renderWithProviders(<LiveIndicator />);
    setLiveConnected(true);
    expect(screen.getByRole('status')).toHaveTextContent(/^สด$/);
    expect(screen.getByRole('status')).toHaveAttribute('title', 'ออเดอร์ใหม่จะแสดงขึ้นเองโดยอัตโนมัติ');

    setBrowserOnline(false);
    setLiveConnected(false);
    expect(screen.getByRole('status')).toHaveTextContent('กำลังเชื่อมต่อใหม่...');
    expect(screen.getByRole('timer')).toHaveTextContent(/^ขาดการเชื่อมต่อมา /);
    expect(screen.queryByText(/Disconnected/)).toBeNull();
  });
});
