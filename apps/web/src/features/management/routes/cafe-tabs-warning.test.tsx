import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '@/test/render';
import { categoriesQueryOptions } from '@/features/management/api/categories';
import { AddCategoryRoute } from './add-category-route';
import { EditCategoryRoute } from './edit-category-route';
import { MenuManagementRoute } from './menu-management-route';

/*
 * Only the first 3 cafe categories show as tabs on the cafe menu: a fourth one
 * never reaches the people ordering. Menu management says so before and after it happens.
 */

afterEach(() => vi.unstubAllGlobals());

const category = (id: number, name: string, categoryFor: 'cafe' | 'bar') => ({
  id,
  name,
  categoryFor,
  kind: 'other',
  isAvailable: 'available',
  menu: [],
});
const threeCafe = [
  category(1, 'Coffee', 'cafe'),
  category(2, 'Tea', 'cafe'),
  category(5, 'Cocktails', 'bar'),
  category(3, 'Other', 'cafe'),
];
const WARNING = /Only the first 3 cafe categories show as tabs on the cafe menu/;

describe('the cafe menu shows three categories: menu management warns', () => {
  it('marks the cafe categories past the third on the list, and says which customers do not see', async () => {
    mockApi({
      'GET /category': [...threeCafe, category(4, 'Smoothies', 'cafe'), category(6, 'Beer', 'bar')],
      'GET /cafe-status': { isCafeOpen: true, isBarOpen: false },
    });
    renderRoute(MenuManagementRoute, '/menuManagement', '/menuManagement');
    const note = (await screen.findByText(/Not shown to customers/)).closest('[role="status"]');
    expect(note).toHaveTextContent(
      'The cafe menu shows only its first 3 cafe categories as tabs. Not shown to customers: Smoothies.',
    );
    expect(screen.getByRole('link', { name: /Smoothies/ })).toHaveTextContent('Not shown on the cafe menu');
    for (const shown of ['Coffee', 'Tea', 'Other', 'Cocktails', 'Beer']) {
      expect(screen.getByRole('link', { name: new RegExp(shown) })).not.toHaveTextContent('Not shown');
    }
  });

  it('says nothing while every cafe category is a tab', async () => {
    mockApi({ 'GET /category': threeCafe, 'GET /cafe-status': { isCafeOpen: true, isBarOpen: false } });
    renderRoute(MenuManagementRoute, '/menuManagement', '/menuManagement');
    await screen.findByRole('link', { name: /Coffee/ });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Not shown on the cafe menu')).not.toBeInTheDocument();
  });

  it('warns when adding a fourth cafe category, not a bar one, and still lets it be added', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /category': threeCafe,
      'POST /category': category(4, 'Smoothies', 'cafe'),
    });
    const { router } = renderRoute(AddCategoryRoute, '/add-category', '/add-category');
    await user.type(screen.getByLabelText('Name'), 'Smoothies');
    await user.click(screen.getByRole('radio', { name: 'Bar' }));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Cafe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Only the first 3 cafe categories show as tabs on the cafe menu: "Smoothies" would not be shown to customers.',
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menuManagement'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Smoothies',
      categoryFor: 'cafe',
      kind: 'other',
    });
  });

  it('does not warn when adding a third cafe category', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /category': threeCafe.filter((c) => c.id !== 3) });
    const { queryClient } = renderRoute(AddCategoryRoute, '/add-category', '/add-category');
    await user.type(screen.getByLabelText('Name'), 'Other');
    await user.click(screen.getByRole('radio', { name: 'Cafe' }));
    // Once the list is there, the warning would have shown.
    await waitFor(() => expect(queryClient.getQueryData(categoriesQueryOptions().queryKey)).toHaveLength(3));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it('warns when a bar category placed after three cafe ones is moved to the cafe', async () => {
    const user = userEvent.setup();
    const beer = category(6, 'Beer', 'bar');
    mockApi({ 'GET /category': [...threeCafe, beer], 'GET /category/6': beer });
    renderRoute(EditCategoryRoute, '/edit-category/:categoryId', '/edit-category/6');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Cafe' }));
    const form = screen.getByRole('button', { name: 'Save' }).closest('form') as HTMLElement;
    expect(await within(form).findByText(WARNING)).toHaveTextContent('"Beer" would not be shown to customers.');
  });

  it('does not warn when editing one of the first three', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /category': [...threeCafe, category(4, 'Smoothies', 'cafe')], 'GET /category/2': threeCafe[1] });
    const rendered = renderRoute(EditCategoryRoute, '/edit-category/:categoryId', '/edit-category/2');
    const { queryClient } = rendered;
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, 's');
    expect(screen.getByRole('radio', { name: 'Cafe' })).toBeChecked();
    await waitFor(() => expect(queryClient.getQueryData(categoriesQueryOptions().queryKey)).toHaveLength(5));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });
});
