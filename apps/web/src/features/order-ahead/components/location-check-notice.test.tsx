import { MESSAGES } from '@cafe/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderWithProviders, seedSettings } from '@/test/render';
import { LOCATION_HOW_TO, LocationCheckNotice } from './location-check-notice';

/** The out-of-range alert the specification gives in Thai, in the English interface (src/locales/en/common.po). */
const OUT_OF_RANGE = "Please come to the cafe before you order, so you do not hold up other people's queue";

/** At the test cafe (TEST_SETTINGS), or 3.2 km north of it. */
const AT_THE_CAFE = { latitude: 13.7466, longitude: 100.5393 };
const FAR_AWAY = { latitude: 13.7466 + 3.2 / 111.195, longitude: 100.5393 };

type Where = 'at-the-cafe' | 'far-away' | 'denied';

/** A device whose position is `where`, and whose Permissions API answers `permission`. */
function stubDevice(where: { current: Where }, permission: PermissionState | null) {
  const geolocation = {
    getCurrentPosition: vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
      if (where.current === 'denied') {
        fail({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' });
      } else {
        ok({ coords: where.current === 'at-the-cafe' ? AT_THE_CAFE : FAR_AWAY } as GeolocationPosition);
      }
    }),
  };
  const listeners = new Set<() => void>();
  const status = {
    state: permission ?? 'prompt',
    addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
  };
  const permissions = permission ? { query: vi.fn(() => Promise.resolve(status)) } : undefined;
  vi.stubGlobal('navigator', { ...navigator, geolocation, permissions });
  /** The person changes the site's permission in the browser. */
  const changePermission = (next: PermissionState) => {
    status.state = next;
    for (const listener of listeners) listener();
  };
  return { geolocation, changePermission };
}

describe('LocationCheckNotice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how far away the person is, and the radius, as soon as it shows', async () => {
    stubDevice({ current: 'far-away' }, 'granted');
    renderWithProviders(<LocationCheckNotice />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are 3.2 km from the cafe; ordering works within 1 km.');
    expect(alert).toHaveTextContent(OUT_OF_RANGE);
  });

  it('says nothing once the person is within the radius; Check again reads the position again', async () => {
    const where = { current: 'far-away' as Where };
    const { geolocation } = stubDevice(where, 'granted');
    renderWithProviders(<LocationCheckNotice />);
    await screen.findByRole('alert');
    where.current = 'at-the-cafe';
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByRole('status')).toBeNull();
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(2);
  });

  it('knows a refusal from the Permissions API without asking, says how to turn sharing on, and follows a change', async () => {
    const where = { current: 'denied' as Where };
    const { geolocation, changePermission } = stubDevice(where, 'denied');
    renderWithProviders(<LocationCheckNotice />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.locationPermission);
    expect(alert).toHaveTextContent(i18n._(LOCATION_HOW_TO));
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();

    // Allowed in the site settings: checked again by itself.
    where.current = 'at-the-cafe';
    act(() => changePermission('granted'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('treats a refused position as a refusal where the Permissions API is missing', async () => {
    stubDevice({ current: 'denied' }, null);
    renderWithProviders(<LocationCheckNotice />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.locationPermission);
  });

  it('says when the browser has no geolocation', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined, permissions: undefined });
    renderWithProviders(<LocationCheckNotice />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.geolocationUnsupported);
  });

  it('asks for nothing when the deployment does not check the location', async () => {
    const { geolocation } = stubDevice({ current: 'far-away' }, 'granted');
    seedSettings({ locationCheck: false });
    renderWithProviders(<LocationCheckNotice />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });
});
