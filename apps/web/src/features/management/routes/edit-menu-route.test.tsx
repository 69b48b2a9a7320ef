import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '@/test/render';
import { EditMenuRoute } from './edit-menu-route';

afterEach(() => vi.unstubAllGlobals());

/** The specification's Thai-only alert, in the English interface (src/locales/en/common.po). */
const ANSWER_BOTH = 'Please answer both questions';

const categories = [
  { id: 1, name: 'Coffee', categoryFor: 'cafe', kind: 'coffee', isAvailable: 'available', menu: [] },
  { id: 2, name: 'Tea', categoryFor: 'cafe', kind: 'tea', isAvailable: 'available', menu: [] },
];
const latte = { id: 3, name: 'Latte', description: '-', category_id: 1, isActive: 'active', isAvailable: 'available' };

describe('Edit Menu', () => {
  it('loads the item, keeps Save disabled with the answer-both message while the name is missing, and saves as available', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /category': categories,
      'GET /menu/3': latte,
      'PATCH /menu/3': { ...latte, category_id: 2 },
    });
    const { router } = renderRoute(EditMenuRoute, '/edit-menu/:menuId', '/edit-menu/3');

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Latte');
    expect(screen.getByRole('textbox', { name: 'Description (optional)' })).toHaveValue('');
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());

    await user.clear(name);
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByText(ANSWER_BOTH)).toBeInTheDocument();

    await user.type(name, 'Iced Latte');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), '2');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await waitFor(() => expect(router.state.location.pathname).toBe('/menuManagement/Tea/2'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Iced Latte',
      description: '-',
      category_id: 2,
      isActive: 'inactive',
      isAvailable: 'available',
      // Its allergen and diet tags, sent whole (none here).
      tags: [],
    });
  });
});
