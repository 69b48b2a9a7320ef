import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBrowserOnline } from '@/test/network';
import { mockApi, renderRoute } from '@/test/render';
import { AddCategoryRoute } from './add-category-route';

afterEach(() => vi.unstubAllGlobals());

/** The specification's Thai-only alert, in the English interface (src/locales/en/common.po). */
const ANSWER_BOTH = 'Please answer both questions';

describe('Add Category', () => {
  it('shows the answer-both alert when For is not chosen, and posts once both are answered', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /category': {
        id: 7,
        name: 'Smoothie',
        categoryFor: 'cafe',
        kind: 'other',
        isAvailable: 'available',
        menu: [],
      },
    });
    const { router } = renderRoute(AddCategoryRoute, '/add-category', '/add-category');

    await user.type(screen.getByLabelText('Name'), 'Smoothie');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ANSWER_BOTH);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Cafe' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menuManagement'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Smoothie',
      categoryFor: 'cafe',
      kind: 'other',
    });
  });

  it('has a Kind choice (Coffee, Tea, Other) that follows the name until one is picked, by keyboard too', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /category': {
        id: 8,
        name: 'เมนูพิเศษ',
        categoryFor: 'cafe',
        kind: 'coffee',
        isAvailable: 'available',
        menu: [],
      },
    });
    const { router } = renderRoute(AddCategoryRoute, '/add-category', '/add-category');
    const kind = screen.getByRole('group', { name: 'Kind' });
    expect(kind).toHaveAccessibleDescription(/Coffee filter shows coffee only/);
    expect(
      within(kind)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['coffee', 'tea', 'other']);
    expect(within(kind).getByRole('radio', { name: 'Other' })).toBeChecked();

    // Typed names are filed as the server would file them without a kind, English or Thai.
    const name = screen.getByLabelText('Name');
    await user.type(name, 'ชาไทย');
    expect(within(kind).getByRole('radio', { name: 'Tea' })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'เมนูพิเศษ');
    expect(within(kind).getByRole('radio', { name: 'Other' })).toBeChecked();

    // A Thai name with no coffee word, filed as coffee by the barista (keyboard: arrows move the choice).
    within(kind).getByRole('radio', { name: 'Other' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(kind).getByRole('radio', { name: 'Coffee' })).toBeChecked();
    await user.type(name, 'ชา');
    expect(within(kind).getByRole('radio', { name: 'Coffee' })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'เมนูพิเศษ');

    await user.click(screen.getByRole('radio', { name: 'Cafe' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menuManagement'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'เมนูพิเศษ',
      categoryFor: 'cafe',
      kind: 'coffee',
    });
  });

  it('shows the answer-both alert when the name is missing', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderRoute(AddCategoryRoute, '/add-category', '/add-category');
    await user.click(screen.getByRole('radio', { name: 'Bar' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ANSWER_BOTH);
  });

  it('offline, keeps Add disabled with the reason instead of failing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({});
    renderRoute(AddCategoryRoute, '/add-category', '/add-category');
    await user.type(screen.getByLabelText('Name'), 'Smoothie');
    await user.click(screen.getByRole('radio', { name: 'Cafe' }));
    setBrowserOnline(false);
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('You are offline');
    await user.click(add);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    setBrowserOnline(true);
    expect(add).toBeEnabled();
  });
});
