import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
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

    expect(screen.queryByText('User Management')).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Admin' })).not.toBeInTheDocument();
  });
});
