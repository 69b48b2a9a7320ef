import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { UserManagementRoute } from './user-management-route';

/*
 * Teams on User Management: cups saved are counted per team (GET /stats/cups-saved), and an admin
 * puts people in one, or takes them out (PATCH /user/{id} {team}, "" for none).
 */

const USERS = [
  { id: 1, name: 'Ada Admin', email: 'admin@example.com', role: 'admin', isAvailable: 'available', team: 'IT' },
  {
    id: 2,
    name: 'Bartholomew Longname',
    email: 'bart@example.com',
    role: 'user',
    isAvailable: 'available',
    team: null,
  },
  { id: 3, name: 'Bea Barista', email: 'bea@example.com', role: 'barista', isAvailable: 'available', team: 'Finance' },
];

/** The fake server with the list as stored; a PATCH answered by `refuse` first, else kept. */
function serveUsers(refuse: (body: { team?: string }) => ReturnType<typeof apiError> | undefined = () => undefined) {
  let stored = USERS.map((u) => ({ ...u }));
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/user') return { body: stored };
    const id = Number(/^\/user\/(\d+)$/.exec(call.path)?.[1]);
    if (call.method === 'PATCH' && id) {
      const body = call.body as { team?: string };
      const refusal = refuse(body);
      if (refusal) return refusal;
      stored = stored.map((u) => (u.id === id ? { ...u, team: body.team || null } : u));
      return { body: stored.find((u) => u.id === id) };
    }
    return undefined;
  });
  return {
    ...api,
    patches: () =>
      api.calls.filter((c: RecordedCall) => c.method === 'PATCH').map(({ path, body }) => ({ path, body })),
  };
}

/** A screen as wide as a tablet: the table layout. */
function wideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('User Management: teams', () => {
  it("shows each person's team, and No team for someone in none, the admin's own without a pencil", async () => {
    signIn({ id: 1, name: 'Ada Admin', role: 'admin' });
    serveUsers();
    renderWithProviders(<UserManagementRoute />);
    const items = within(await screen.findByRole('list', { name: 'Users' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('IT');
    expect(items[1]).toHaveTextContent('No team');
    expect(items[2]).toHaveTextContent('Finance');
    expect(screen.queryByRole('button', { name: 'Edit team of Ada Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit team of Bea Barista' })).toBeInTheDocument();
  });

  it('has a Team column in the table of a wide screen', async () => {
    wideScreen();
    signIn({ id: 1, name: 'Ada Admin', role: 'admin' });
    serveUsers();
    renderWithProviders(<UserManagementRoute />);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Role', 'Team', 'E-mail', 'Actions']);
    const bea = within(table).getAllByRole('row')[3]!;
    expect(within(bea).getAllByRole('cell')[2]).toHaveTextContent('Finance');
  });

  it('puts someone in a team, sending the name trimmed, and Cancel sends nothing', async () => {
    signIn({ id: 1, name: 'Ada Admin', role: 'admin' });
    const { patches } = serveUsers();
    const user = userEvent.setup();
    renderWithProviders(<UserManagementRoute />);
    await user.click(await screen.findByRole('button', { name: 'Edit team of Bea Barista' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(patches()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Edit team of Bea Barista' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit team of Bartholomew Longname' }));
    const field = screen.getByRole('textbox', { name: 'Team of Bartholomew Longname' });
    expect(field).toHaveValue('');
    await user.type(field, '  Marketing ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toEqual([{ path: '/user/2', body: { team: 'Marketing' } }]));
    expect(await screen.findByText('Bartholomew Longname is now in the team Marketing')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem');
    await waitFor(() => expect(items[1]).toHaveTextContent('Marketing'));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('takes someone out of their team with an empty field (Enter saves), sending ""', async () => {
    signIn({ id: 1, name: 'Ada Admin', role: 'admin' });
    const { patches } = serveUsers();
    const user = userEvent.setup();
    renderWithProviders(<UserManagementRoute />);
    await user.click(await screen.findByRole('button', { name: 'Edit team of Bea Barista' }));
    const field = screen.getByRole('textbox', { name: 'Team of Bea Barista' });
    expect(field).toHaveValue('Finance');
    await user.clear(field);
    await user.type(field, '{Enter}');
    await waitFor(() => expect(patches()).toEqual([{ path: '/user/3', body: { team: '' } }]));
    expect(await screen.findByText('Bea Barista is no longer in a team')).toBeInTheDocument();
  });

  it('sends nothing when the team is saved as it was', async () => {
    signIn({ id: 1, name: 'Ada Admin', role: 'admin' });
    const { patches } = serveUsers();
    const user = userEvent.setup();
    renderWithProviders(<UserManagementRoute />);
    await user.click(await screen.findByRole('button', { name: 'Edit team of Bea Barista' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('textbox', { name: 'Team of Bea Barista' })).not.toBeInTheDocument();
    expect(patches()).toEqual([]);
  });

  it("says the server's refusal in the person's words, in Thai too, and keeps the editor open to try again", async () => {
    signIn({ id: 1, name: 'Ada Admin', role: 'admin' });
    serveUsers(() => apiError(404, 'NOT_FOUND', 'User was not found.', { messageId: 'people.users.notFound' }));
    const user = userEvent.setup();
    renderWithProviders(<UserManagementRoute />);
    await user.click(await screen.findByRole('button', { name: 'Edit team of Bea Barista' }));
    await user.type(screen.getByRole('textbox', { name: 'Team of Bea Barista' }), ' Ops');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User was not found.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Team of Bea Barista' })).toHaveValue('Finance Ops');

    await loadEverything('th');
    act(() => i18n.activate('th'));
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('ไม่พบผู้ใช้นี้')).toBeInTheDocument();
  });

  it('edits a team in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    signIn({ id: 1, name: 'Ada Admin', role: 'admin' });
    const { patches } = serveUsers();
    const user = userEvent.setup();
    renderWithProviders(<UserManagementRoute />);
    const items = within(await screen.findByRole('list', { name: 'ผู้ใช้' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('ไม่มีทีม');
    await user.click(screen.getByRole('button', { name: 'แก้ไขทีมของ Bartholomew Longname' }));
    await user.type(screen.getByRole('textbox', { name: 'ทีมของ Bartholomew Longname' }), 'การเงิน');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(patches()).toEqual([{ path: '/user/2', body: { team: 'การเงิน' } }]));
    expect(await screen.findByText('ตอนนี้ Bartholomew Longname อยู่ในทีม การเงิน แล้ว')).toBeInTheDocument();
  });
});
