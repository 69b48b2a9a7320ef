import { REJECT_REASONS } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { RejectOrderDialog } from './reject-order-dialog';

function setup() {
  const order = makeOrder({ id: 21, menuName: 'Latte', userName: 'Ann' });
  const api = mockApi((call) => (call.method === 'PATCH' ? { body: { ...order, status: 'rejected' } } : undefined));
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<RejectOrderDialog orders={[order]} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Cancel Order' });
  return { ...api, user, dialog, onClose };
}

describe('Cancel Order screen', () => {
  it('lists the reasons and Other; "Cancel this order" is disabled until a reason is chosen', async () => {
    const { user, dialog, calls, onClose } = setup();
    expect(within(dialog).getByText('Latte for Ann')).toBeInTheDocument();
    for (const reason of [...REJECT_REASONS, 'Other']) {
      expect(within(dialog).getByRole('radio', { name: reason })).toBeInTheDocument();
    }
    const submit = within(dialog).getByRole('button', { name: 'Cancel this order' });
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Machine Failure' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'PATCH',
          path: '/order/barista/21',
          body: { status: 'rejected', reject_note: 'Machine Failure' },
        }),
      ),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('Other needs a text of at most 27 characters that does not start with a space', async () => {
    const { user, dialog, calls } = setup();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const submit = within(dialog).getByRole('button', { name: 'Cancel this order' });
    const field = within(dialog).getByLabelText('Other reason');
    expect(submit).toBeDisabled();

    await user.type(field, ' No oat milk');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Input must not start with a space.');
    expect(submit).toBeDisabled();

    await user.clear(field);
    await user.type(field, 'x'.repeat(28));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter text (up to 27 characters)');
    expect(within(dialog).getByText('28/27')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(field);
    await user.type(field, 'No oat milk today');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ body: { status: 'rejected', reject_note: 'No oat milk today' } }),
      ),
    );
  });
});
