import type { AccountExport, NotificationSettings } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '@/api/me';
import { i18n, loadEverything } from '@/i18n';
import { tokenStorage } from '@/lib/storage-keys';
import {
  apiError,
  currentPath,
  mockApi,
  renderRoutes,
  Reply,
  signIn,
  stubScreen,
  type RecordedCall,
} from '@/test/render';
import { ProfileRoute } from './profile-route';

/*
 * The profile's "Your data" (docs/api.md, "Personal data"): everything the cafe holds about the
 * person as one file, and deleting the account once they have typed their own e-mail address.
 */

const SETTINGS: NotificationSettings = {
  language: 'en',
  channels: {
    push: { available: true, enabled: true },
    slack: { available: false, enabled: false },
    email: { available: false, enabled: false },
    webhook: { available: false, enabled: false },
  },
};

const EXPORT: AccountExport = {
  exportedAt: '2026-11-25T03:00:00.000Z',
  account: {
    id: 7,
    name: 'Mali',
    email: 'mali@example.com',
    role: 'user',
    signIn: 'password',
    homeSite: null,
    createdAt: '2026-11-01T03:00:00.000Z',
    updatedAt: '2026-11-01T03:00:00.000Z',
  },
  notificationSettings: SETTINGS,
  orders: [],
  photos: [],
  pushSubscriptions: [],
  signIns: [],
  notifications: [],
  audit: [],
};

const OPEN_ORDERS =
  'This account has orders still waiting or being made. Cancel them, or wait until they are done, then delete the account.';

/** A saved file's text (jsdom's Blob has no text()). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

type Answer = ReturnType<typeof apiError> | { status?: number; body?: unknown };

/** The fake server: the settings, the export, and DELETE /user/me answered by `onDelete`. */
function serve(onDelete: (call: RecordedCall) => Answer = () => new Reply(204)) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/user/notifications') return { body: SETTINGS };
    if (call.method === 'GET' && call.path === '/auth/sessions') {
      return { body: { sessions: [], confirmWith: 'password', recentSignInUntil: null } };
    }
    if (call.method === 'GET' && call.path === '/user/me/export') {
      // A field the contract does not name yet: the person's data all the same.
      return { body: { ...EXPORT, loyaltyStamps: 3 } };
    }
    if (call.method === 'DELETE' && call.path === '/user/me') return onDelete(call);
    return undefined;
  });
}

function openProfile() {
  const view = renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: [{ path: '/profile', element: <ProfileRoute /> }, stubScreen('/login')],
      },
    ],
    '/profile',
  );
  return { user: userEvent.setup(), ...view };
}

async function openDeleteDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('alertdialog', { name: 'Delete your account?' });
}

beforeEach(() => {
  signIn({ id: 7, name: 'Mali', email: 'mali@example.com', role: 'user' });
  tokenStorage.save('access-7', 'refresh-7');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Profile: download my data', () => {
  it('asks for the export with the access token and saves all of it as cafe-data-<id>.json', async () => {
    const { calls } = serve();
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = openProfile();
    expect(screen.getByRole('heading', { name: 'Your data', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'What the cafe keeps, and for how long' })).toHaveAttribute(
      'href',
      '/privacy',
    );

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(names).toEqual(['cafe-data-7.json']));
    const exports = calls.filter((c) => c.path === '/user/me/export');
    expect(exports).toHaveLength(1);
    expect(exports[0]!.headers.Authorization).toBe('Bearer access-7');
    expect(blobs[0]!.type).toBe('application/json');
    const saved = JSON.parse(await readBlob(blobs[0]!)) as Record<string, unknown>;
    expect(saved).toEqual({ ...EXPORT, loyaltyStamps: 3 });
  });

  it('says so when the download fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi((call) => {
      if (call.path === '/user/notifications') return { body: SETTINGS };
      if (call.path === '/auth/sessions')
        return { body: { sessions: [], confirmWith: 'password', recentSignInUntil: null } };
      if (call.path === '/user/me/export') return apiError(500, 'INTERNAL', 'boom');
      return undefined;
    });
    const { user } = openProfile();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
  });
});

describe('Profile: delete my account', () => {
  it('explains what happens, and deletes only once the exact e-mail address is typed', async () => {
    const { calls } = serve();
    const { user } = openProfile();
    const dialog = await openDeleteDialog(user);
    expect(dialog).toHaveTextContent("Your orders stay in the cafe's statistics, without your name, remark or photo.");
    expect(dialog).toHaveTextContent(
      'Your photos, notification settings, browser subscriptions and sign-ins are deleted.',
    );
    expect(dialog).toHaveTextContent('can no longer sign in with this account');

    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const field = within(dialog).getByLabelText('Type your e-mail address (mali@example.com) to confirm');
    expect(confirm).toBeDisabled();
    await user.type(field, 'mali@example.co');
    expect(confirm).toBeDisabled();
    await user.type(field, 'm.th');
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'someone@example.com');
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'mali@example.com');
    expect(confirm).toBeEnabled();

    // Keep my account: nothing is sent, and the field starts empty next time.
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    const again = await openDeleteDialog(user);
    expect(within(again).getByLabelText(/Type your e-mail address/)).toHaveValue('');
  });

  it("shows the server's refusal while an order is open, and the person stays signed in", async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const { calls } = serve(() => apiError(409, 'ACCOUNT_HAS_OPEN_ORDERS', OPEN_ORDERS));
    const { user, queryClient, router } = openProfile();
    const dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText(/Type your e-mail address/), 'mali@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(OPEN_ORDERS);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([{ confirm: 'mali@example.com' }]);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(queryClient.getQueryData(meQueryOptions().queryKey)).toMatchObject({ id: 7 });
    expect(tokenStorage.getAccess()).toBe('access-7');
  });

  it("shows the server's refusal of the typed address in the screen's words", async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    serve(() => apiError(400, 'VALIDATION', 'confirm: type your e-mail address to delete your account'));
    const { user } = openProfile();
    const dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText(/Type your e-mail address/), ' MALI@example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Type your e-mail address to delete your account.',
    );
  });

  it('once deleted, forgets the person on this device and shows the sign-in screen with a toast', async () => {
    const { calls } = serve();
    const { user, queryClient } = openProfile();
    const dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText(/Type your e-mail address/), 'mali@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(await screen.findByText('Your account was deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([{ confirm: 'mali@example.com' }]);
    expect(queryClient.getQueryData(meQueryOptions().queryKey)).toBeNull();
    expect(tokenStorage.getAccess()).toBeNull();
    expect(tokenStorage.getRefresh()).toBeNull();
  });
});

describe('Profile: your data in Thai', () => {
  it('shows the section and the dialog in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    serve();
    const { user } = openProfile();
    expect(screen.getByRole('heading', { name: 'ข้อมูลของคุณ', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ดาวน์โหลดข้อมูลของฉัน' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ลบบัญชีของฉัน' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ลบบัญชีของคุณหรือไม่?' });
    expect(within(dialog).getByRole('button', { name: 'เก็บบัญชีไว้' })).toBeInTheDocument();
  });
});
