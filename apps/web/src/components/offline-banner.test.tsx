import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBrowserOnline, setLiveConnected } from '@/test/network';
import { renderWithProviders } from '@/test/render';
import { OfflineBanner, OfflineReason } from './offline-banner';

afterEach(() => {
  vi.useRealTimers();
});

describe('OfflineBanner', () => {
  it('says the app is offline and comes down when the connection is back', () => {
    renderWithProviders(<OfflineBanner />);
    setLiveConnected(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();

    setBrowserOnline(false);
    const banner = screen.getByTestId('offline-banner');
    expect(banner).toHaveRole('status');
    expect(banner).toHaveTextContent('You are offline.');
    expect(banner).toHaveTextContent('Showing what was last seen');

    setBrowserOnline(true);
    setLiveConnected(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('tells of a lost live channel only once it has been gone for a few seconds', () => {
    vi.useFakeTimers();
    renderWithProviders(<OfflineBanner />);
    setLiveConnected(true);
    setLiveConnected(false);
    expect(screen.queryByTestId('offline-banner')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Reconnecting to the cafe...');

    setLiveConnected(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('is not shown while the live channel is first opening', () => {
    vi.useFakeTimers();
    renderWithProviders(<OfflineBanner />);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});

describe('OfflineReason', () => {
  it('shows the reason only while offline', () => {
    renderWithProviders(<OfflineReason id="why" />);
    expect(screen.queryByText('You are offline')).toBeNull();
    setBrowserOnline(false);
    expect(screen.getByText('You are offline')).toHaveAttribute('id', 'why');
  });
});
