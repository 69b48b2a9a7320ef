import { REJECT_REASONS } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderWithProviders } from '@/test/render';
import { RejectOrderDialog } from './reject-order-dialog';

function setup(title = 'Cancel Order') {
  const order = makeOrder({ id: 21, menuName: 'Latte', userName: 'Ann' });
  const api = mockApi((call) => (call.method === 'PATCH' ? { body: { ...order, status: 'rejected' } } : undefined));
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<RejectOrderDialog orders={[order]} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: title });
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

describe('Cancel Order screen in Thai', () => {
  it('reads the reasons and the rules for Other in Thai, and sends the text as typed', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const { user, dialog, calls } = setup('ยกเลิกออเดอร์');
    expect(within(dialog).getByText('Latte ของ Ann')).toBeInTheDocument();
    for (const reason of ['วัตถุดิบหมด', 'บาริสต้าไม่อยู่ที่บาร์', 'เครื่องขัดข้อง', 'ร้านกำลังจะปิด']) {
      expect(within(dialog).getByRole('radio', { name: reason })).toBeInTheDocument();
    }
    expect(within(dialog).queryByRole('radio', { name: 'Machine Failure' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'อื่น ๆ' }));
    const field = within(dialog).getByLabelText('เหตุผลอื่น');
    expect(within(dialog).getByText('แจ้งเหตุผลให้ลูกค้าทราบ')).toBeInTheDocument();

    await user.type(field, ' นมโอ๊ตหมด');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('ต้องไม่ขึ้นต้นด้วยช่องว่าง');
    await user.clear(field);
    await user.type(field, 'x'.repeat(28));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('กรุณาพิมพ์ข้อความ (ไม่เกิน 27 ตัวอักษร)');

    await user.clear(field);
    await user.type(field, 'นมโอ๊ตหมด');
    await user.click(within(dialog).getByRole('button', { name: 'ยกเลิกออเดอร์นี้' }));
    await waitFor(() =>
      expect(calls).toContainEqual(expect.objectContaining({ body: { status: 'rejected', reject_note: 'นมโอ๊ตหมด' } })),
    );
  });
});
