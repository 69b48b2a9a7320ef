import { MESSAGES } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '@/test/render';
import { AddCategoryRoute } from './add-category-route';

afterEach(() => vi.unstubAllGlobals());

describe('Add Category', () => {
  it('shows the Thai alert when For is not chosen, and posts once both are answered', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /category': { id: 7, name: 'Smoothie', categoryFor: 'cafe', isAvailable: 'available', menu: [] },
    });
    const { router } = renderRoute(AddCategoryRoute, '/add-category', '/add-category');

    await user.type(screen.getByLabelText('Name'), 'Smoothie');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.answerBothThai);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Cafe' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menuManagement'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Smoothie', categoryFor: 'cafe' });
  });

  it('shows the Thai alert when the name is missing', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderRoute(AddCategoryRoute, '/add-category', '/add-category');
    await user.click(screen.getByRole('radio', { name: 'Bar' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.answerBothThai);
  });
});
