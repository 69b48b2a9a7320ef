import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, seedSettings } from '@/test/render';
import { PushNotificationSwitch } from './push-notification-switch';

const ENDPOINT = 'https://push.example.com/send/abc';
const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPk3', auth: 'c2VjcmV0' } };

/** A fake browser: service worker container, PushManager and Notification, with one optional subscription. */
function fakeBrowser(options: {
  subscribed?: boolean;
  permission?: NotificationPermission;
  grant?: NotificationPermission;
}) {
  let subscription: PushSubscription | null = null;
  const makeSubscription = () =>
    ({
      endpoint: ENDPOINT,
      options: { applicationServerKey: null },
      toJSON: () => SUBSCRIPTION_JSON,
      unsubscribe: vi.fn(() => {
        subscription = null;
        return Promise.resolve(true);
      }),
    }) as unknown as PushSubscription;
  if (options.subscribed) subscription = makeSubscription();
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(subscription)),
    subscribe: vi.fn(() => {
      subscription = makeSubscription();
      return Promise.resolve(subscription);
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(() => Promise.resolve(registration)),
    getRegistration: vi.fn(() => Promise.resolve(options.subscribed ? registration : undefined)),
    ready: Promise.resolve(registration),
  };
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(() => Promise.resolve(options.grant ?? 'granted')),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', notification);
  return { serviceWorker, pushManager, notification, current: () => subscription };
}

function fakeServer() {
  return mockApi((call) => {
    if (call.method === 'POST' && call.path === '/push/subscription') return { status: 201 };
    if (call.method === 'DELETE' && call.path === '/push/subscription') return { status: 204 };
    return undefined;
  });
}

describe('PushNotificationSwitch', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('is not shown where the browser cannot receive push messages', () => {
    renderWithProviders(<PushNotificationSwitch />);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('is not shown where the server offers no push messages', () => {
    fakeBrowser({});
    seedSettings({ webPushPublicKey: null });
    renderWithProviders(<PushNotificationSwitch />);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('turns on: asks permission, registers /sw.js, subscribes with the server key and saves the subscription', async () => {
    const browser = fakeBrowser({});
    const { calls } = fakeServer();
    renderWithProviders(<PushNotificationSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Notify me when my drink is ready' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);

    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    const [subscribeOptions] = browser.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(subscribeOptions.userVisibleOnly).toBe(true);
    const key = subscribeOptions.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(0x04);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/push/subscription',
        body: { endpoint: ENDPOINT, keys: SUBSCRIPTION_JSON.keys },
      }),
    ]);
  });

  it('starts on when the browser is already subscribed, and turning off unsubscribes and tells the server', async () => {
    const browser = fakeBrowser({ subscribed: true, permission: 'granted' });
    const { calls } = fakeServer();
    renderWithProviders(<PushNotificationSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Notify me when my drink is ready' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toBeEnabled();
    // The subscription is saved again for whoever is signed in now.
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));

    await userEvent.click(toggle);

    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(browser.current()).toBeNull();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/push/subscription', body: { endpoint: ENDPOINT } });
  });

  it('explains when notifications are blocked, and stays off', async () => {
    const browser = fakeBrowser({ grant: 'denied' });
    const { calls } = fakeServer();
    renderWithProviders(<PushNotificationSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Notify me when my drink is ready' });
    await waitFor(() => expect(toggle).toBeEnabled());

    await userEvent.click(toggle);

    expect(await screen.findByText("Notifications are blocked in this browser's settings.")).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('shows the blocked note at once when the permission was denied before', () => {
    fakeBrowser({ permission: 'denied' });
    fakeServer();
    renderWithProviders(<PushNotificationSwitch />);
    expect(screen.getByText("Notifications are blocked in this browser's settings.")).toBeInTheDocument();
  });
});
