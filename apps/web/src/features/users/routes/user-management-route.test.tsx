import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, Reply, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { UserManagementRoute } from './user-management-route';

const USERS = [
  { id: 1, name: 'Ada Admin', email: 'admin@example.com', role: 'admin', isAvailable: 'available' },
  { id: 2, name: 'Bartholomew Longname', email: 'bart@example.com', role: 'user', isAvailable: 'available' },
  { id: 3, name: 'Bea Barista', email: 'bea@example.com', role: 'barista', isAvailable: 'available' },
];

let calls: RecordedCall[] = [];
const patches = () => calls.filter((c) => c.method === 'PATCH').map(({ path, body }) => ({ path, body }));

beforeEach(() => {
  signIn({ id: 1, name: 'Ada Admin', role: 'admin' });
  ({ calls } = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/user') return { body: USERS };
    const user = USERS.find((u) => `/user/${u.id}` === call.path);
    if (call.method === 'PATCH' && user) return { body: { ...user, ...(call.body as object) } };
    return undefined;
  }));
});

function renderScreen() {
  return renderWithProviders(<UserManagementRoute />);
}

describe('User Management', () => {
  it('links to the admin tools the top bar leaves to the menu: the audit log and the notifications', () => {
    renderScreen();
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/audit-admin');
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications-admin');
  });

  it('puts the signed-in admin on top without a pencil and cuts long names at 14 characters', async () => {
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Users' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ada Admin');
    expect(items[0]).toHaveTextContent('You');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit role of Ada Admin' })).not.toBeInTheDocument();

    expect(screen.getByText('Bartholomew Lo...')).toBeInTheDocument();
    expect(screen.queryByText('Bartholomew Longname')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit role of Bartholomew Longname' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit role of Bea Barista' })).toBeInTheDocument();
  });

  it('changes another user role through the dropdown, and cancel leaves it alone', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit role of Bea Barista' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(patches()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Edit role of Bartholomew Longname' }));
    const select = screen.getByRole('combobox', { name: 'Role of Bartholomew Longname' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Admin', 'User', 'Barista']);
    await user.selectOptions(select, 'barista');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toEqual([{ path: '/user/2', body: { role: 'barista' } }]));
    expect(await screen.findByRole('button', { name: 'Edit role of Bartholomew Longname' })).toBeInTheDocument();
  });

  it("gives the focus back to the person's pencil when the role editor closes (keyboard users keep their place)", async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit role of Bea Barista' }));
    await user.keyboard('{Tab}{Enter}');
    expect(screen.getByRole('button', { name: 'Edit role of Bea Barista' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit role of Bartholomew Longname' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Bartholomew Longname' }), 'barista');
    screen.getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(patches()).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit role of Bartholomew Longname' })).toHaveFocus(),
    );
  });

  it('filters by name or e-mail', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('list', { name: 'Users' });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bea@');
    await waitFor(() => expect(screen.queryByText('Bartholomew Lo...')).not.toBeInTheDocument());
    expect(screen.getByText('Bea Barista')).toBeInTheDocument();
    // The signed-in admin stays on top whatever the search.
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
  });
});

describe('User Management: deleting an account', () => {
  const OPEN_ORDERS =
    'This account has orders still waiting or being made. Cancel them, or wait until they are done, then delete the account.';

  /** The fake server with the list as stored: a DELETE answered by `refuse`, else the account goes. */
  function serveUsers(refuse: (id: number) => Reply | undefined = () => undefined) {
    let stored = [...USERS];
    return mockApi((call) => {
      if (call.method === 'GET' && call.path === '/user') return { body: stored };
      const id = Number(/^\/user\/(\d+)$/.exec(call.path)?.[1]);
      if (call.method === 'DELETE' && id) {
        const refusal = refuse(id);
        if (refusal) return refusal;
        stored = stored.filter((u) => u.id !== id);
        return new Reply(204);
      }
      return undefined;
    });
  }

  it('offers it for everyone but the admin, asks first naming the person, then the list is read again', async () => {
    const { calls } = serveUsers();
    const user = userEvent.setup();
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(within(list).getAllByRole('listitem')[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete account of Ada Admin' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete account of Bea Barista' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the account of Bea Barista?' });
    expect(dialog).toHaveTextContent('Bea Barista can no longer sign in.');
    // Keeping it sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep account' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete account of Bea Barista' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete the account of Bea Barista?' });
    await user.click(within(again).getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByText('The account of Bea Barista was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Bea Barista')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/user/3']);
    // The list was read again from the server.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/user')).toHaveLength(2));
    expect(screen.getByText('Bartholomew Lo...')).toBeInTheDocument();
  });

  it("shows the server's refusal while the person has an open order, and keeps them", async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    serveUsers((id) => (id === 2 ? apiError(409, 'ACCOUNT_HAS_OPEN_ORDERS', OPEN_ORDERS) : undefined));
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete account of Bartholomew Longname' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the account of Bartholomew Longname?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(OPEN_ORDERS);
    await user.click(within(dialog).getByRole('button', { name: 'Keep account' }));
    expect(screen.getByText('Bartholomew Lo...')).toBeInTheDocument();
  });
});

describe('User Management: resetting second factors', () => {
  const OWN = 'You cannot reset your own second factors. Remove them in your profile, or ask another admin.';

  /** The fake server: a reset answered by `refuse`, else 204. */
  function serveResets(refuse: (id: number) => Reply | undefined = () => undefined) {
    return mockApi((call) => {
      if (call.method === 'GET' && call.path === '/user') return { body: USERS };
      const id = Number(/^\/user\/(\d+)\/second-factors$/.exec(call.path)?.[1]);
      if (call.method === 'DELETE' && id) return refuse(id) ?? new Reply(204);
      return undefined;
    });
  }
  const resets = (recorded: RecordedCall[]) => recorded.filter((c) => c.method === 'DELETE').map((c) => c.path);

  it('offers it for everyone but the admin, says what happens first, then resets and says so', async () => {
    const { calls } = serveResets();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('button', { name: 'Reset second factors of Ada Admin' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset second factors of Bea Barista' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset the second factors of Bea Barista?' });
    expect(dialog).toHaveTextContent('first check that it is really Bea Barista asking');
    expect(dialog).toHaveTextContent('signed out everywhere');
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(resets(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset second factors of Bea Barista' }));
    const again = await screen.findByRole('alertdialog', { name: 'Reset the second factors of Bea Barista?' });
    await user.click(within(again).getByRole('button', { name: 'Reset second factors' }));

    expect(await screen.findByText(/The second factors of Bea Barista were reset\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(resets(calls)).toEqual(['/user/3/second-factors']);
    // The person stays in the list.
    expect(screen.getByText('Bea Barista')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    serveResets(() => apiError(403, 'FORBIDDEN', OWN));
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Reset second factors of Bartholomew Longname' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Reset the second factors of Bartholomew Longname?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reset second factors' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(OWN);
  });

  it('asks in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    serveResets();
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'รีเซ็ตการยืนยันขั้นที่สองของ Bea Barista' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'รีเซ็ตการยืนยันขั้นที่สองของ Bea Barista หรือไม่?' });
    expect(dialog).toHaveTextContent('ตรวจสอบก่อนว่าเป็น Bea Barista จริง');
    await user.click(within(dialog).getByRole('button', { name: 'รีเซ็ตการยืนยันขั้นที่สอง' }));
    expect(await screen.findByText(/รีเซ็ตการยืนยันขั้นที่สองของ Bea Barista แล้ว/)).toBeInTheDocument();
  });
});

describe('User Management in Thai', () => {
  it('shows the roles and confirms a role change in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const user = userEvent.setup();
    renderScreen();
    const list = await screen.findByRole('list', { name: 'ผู้ใช้' });
    expect(screen.getByRole('heading', { name: 'จัดการผู้ใช้' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('คุณ');
    expect(screen.getByText('ผู้ใช้อื่น 2 คน')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'แก้ไขบทบาทของ Bartholomew Longname' }));
    const select = screen.getByRole('combobox', { name: 'บทบาทของ Bartholomew Longname' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ผู้ดูแลระบบ', 'ผู้ใช้', 'บาริสต้า']);
    await user.selectOptions(select, 'barista');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(patches()).toEqual([{ path: '/user/2', body: { role: 'barista' } }]));

    expect(screen.getByRole('button', { name: 'ลบบัญชีของ Bea Barista' })).toBeInTheDocument();
    expect(screen.queryByText('User Management')).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Admin' })).not.toBeInTheDocument();
  });
});
