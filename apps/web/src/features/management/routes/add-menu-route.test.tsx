import { MESSAGES } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderRoute } from '@/test/render';
import { AddMenuRoute } from './add-menu-route';

const categories = [
  { id: 1, name: 'Coffee', categoryFor: 'cafe', kind: 'coffee', isAvailable: 'available', menu: [] },
  { id: 2, name: 'Tea', categoryFor: 'cafe', kind: 'tea', isAvailable: 'available', menu: [] },
];

afterEach(() => vi.unstubAllGlobals());

function renderAddMenu(path = '/add-menu/2') {
  const { calls } = mockApi({
    'GET /category': categories,
    'POST /menu': {
      id: 9,
      name: 'Thai Tea',
      description: '-',
      category_id: 2,
      isActive: 'active',
      isAvailable: 'available',
    },
  });
  return { calls, ...renderRoute(AddMenuRoute, '/add-menu/:categoryId', path) };
}

describe('Add Menu', () => {
  it('shows the shared name messages as the name is typed', async () => {
    const user = userEvent.setup();
    renderAddMenu();
    const name = screen.getByLabelText('Name');

    await user.type(name, ' Latte');
    expect(await screen.findByText(MESSAGES.nameLeadingSpace)).toBeInTheDocument();

    await user.clear(name);
    expect(await screen.findByText(MESSAGES.nameNull)).toBeInTheDocument();

    await user.type(name, 'Latte 2');
    expect(await screen.findByText(MESSAGES.nameLetters)).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'A'.repeat(26));
    expect(await screen.findByText('Input must be at most 25 characters.')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'ชาเย็น Thai');
    await waitFor(() => expect(screen.queryByText(/^Input must/)).not.toBeInTheDocument());
  });

  it('keeps Add disabled until the name and category are valid, then posts and returns to the category', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderAddMenu();
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    expect(screen.getByText(MESSAGES.addMenuIncomplete)).toBeInTheDocument();

    // The category comes preselected from the route once the list has loaded.
    const category = await screen.findByRole('option', { name: 'Tea (Cafe)' });
    expect((category as HTMLOptionElement).selected).toBe(true);

    await user.type(screen.getByLabelText('Name'), 'Thai 1');
    await waitFor(() => expect(add).toBeDisabled());

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Thai Tea');
    await waitFor(() => expect(add).toBeEnabled());
    expect(screen.queryByText(MESSAGES.addMenuIncomplete)).not.toBeInTheDocument();

    // No category: disabled again, with the message.
    await user.selectOptions(screen.getByLabelText('Category'), '');
    await waitFor(() => expect(add).toBeDisabled());
    expect(screen.getByText(MESSAGES.addMenuIncomplete)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), '2');
    await waitFor(() => expect(add).toBeEnabled());

    await user.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe('/menuManagement/Tea/2'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Thai Tea',
      description: '-',
      category_id: 2,
    });
  });
});

describe('Add Menu in Thai', () => {
  it('labels the form and says the name rules in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const user = userEvent.setup();
    renderAddMenu();
    expect(screen.getByRole('heading', { name: 'เพิ่มเมนู' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Tea (คาเฟ่)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เพิ่ม' })).toBeDisabled();
    expect(screen.getByText('กรุณาใส่ชื่อและเลือกหมวดหมู่ของเมนูนี้')).toBeInTheDocument();

    await user.type(screen.getByLabelText('ชื่อ'), ' Latte');
    expect(await screen.findByText('ต้องไม่ขึ้นต้นด้วยช่องว่าง')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.nameLeadingSpace)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.addMenuIncomplete)).not.toBeInTheDocument();
    expect(screen.queryByText('Add Menu')).not.toBeInTheDocument();
  });
});
