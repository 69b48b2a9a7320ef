import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '@/test/render';
import { EditCategoryRoute } from './edit-category-route';

afterEach(() => vi.unstubAllGlobals());

const coffee = { id: 1, name: 'Coffee', categoryFor: 'cafe', kind: 'coffee', isAvailable: 'available', menu: [] };

describe('Edit Category', () => {
  it('needs a valid name to save, and saves name, venue and availability', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /category/1': coffee,
      'PATCH /category/1': { ...coffee, name: 'Brews', categoryFor: 'bar' },
    });
    const { router } = renderRoute(EditCategoryRoute, '/edit-category/:categoryId', '/edit-category/1');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('radio', { name: 'Cafe' })).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });

    await user.clear(name);
    await user.type(name, 'Brews 2');
    expect(await screen.findByText('Input must contain only letters.')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Brews');
    await user.click(screen.getByRole('radio', { name: 'Bar' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/menuManagement'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Brews',
      categoryFor: 'bar',
      kind: 'coffee',
      isAvailable: 'available',
    });
  });

  it("shows the category's kind and saves a new one, the name left as it is", async () => {
    const user = userEvent.setup();
    const thai = { ...coffee, id: 2, name: 'เมนูพิเศษ', kind: 'other' };
    const { calls } = mockApi({ 'GET /category/2': thai, 'PATCH /category/2': { ...thai, kind: 'coffee' } });
    const { router } = renderRoute(EditCategoryRoute, '/edit-category/:categoryId', '/edit-category/2');
    const kind = await screen.findByRole('group', { name: 'Kind' });
    expect(within(kind).getByRole('radio', { name: 'Other' })).toBeChecked();

    await user.click(within(kind).getByRole('radio', { name: 'Coffee' }));
    // Editing the name does not guess the kind again: the barista's choice stands.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'ชา');
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'เมนูพิเศษ');
    expect(within(kind).getByRole('radio', { name: 'Coffee' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menuManagement'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'เมนูพิเศษ',
      categoryFor: 'cafe',
      kind: 'coffee',
      isAvailable: 'available',
    });
  });

  it('deletes after a confirmation, trusting only a returned isAvailable of unavailable', async () => {
    const user = userEvent.setup();
    let answer = { ...coffee };
    mockApi({ 'GET /category/1': coffee, 'PATCH /category/1/unavailable': () => answer });
    const { router } = renderRoute(EditCategoryRoute, '/edit-category/:categoryId', '/edit-category/1');

    await user.click(await screen.findByRole('button', { name: 'Delete category' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete Coffee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // Still "available": not deleted, the dialog stays for another try.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/edit-category/1');

    answer = { ...coffee, isAvailable: 'unavailable' };
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menuManagement'));
  });
});
