import { MESSAGES } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { renderWithProviders, signIn } from '@/test/render';
import { CafeOrderForm } from './cafe-order-form';

function setup() {
  const onNext = vi.fn();
  renderWithProviders(<CafeOrderForm menuId={3} menuName="Latte" onNext={onNext} />);
  return { onNext, user: userEvent.setup() };
}

describe('CafeOrderForm', () => {
  it('asks to check the order when fields are missing', async () => {
    const { onNext, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(MESSAGES.checkOrder)).toBeInTheDocument();
    expect(screen.getByText('Choose hot, cold or frappe')).toBeInTheDocument();
    expect(screen.getByText('Choose a sweetness level')).toBeInTheDocument();
    expect(screen.getByText('Add a photo of your tumbler')).toBeInTheDocument();
    expect(onNext).not.toHaveBeenCalled();
  });

  it('takes the person to the first field that needs them', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Cold' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: '0%' })).toHaveFocus());

    await user.click(screen.getByRole('radio', { name: '25%' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload a photo' })).toHaveFocus());
  });

  it('limits the additional request to 50 characters', async () => {
    const { user } = setup();
    await user.click(screen.getByLabelText(/Additional request/));
    await user.paste('x'.repeat(51));
    expect(await screen.findByText(MESSAGES.remarkTooLong)).toBeInTheDocument();
    expect(screen.getByText('51/50')).toBeInTheDocument();
  });

  it('offers every sweetness level as a percent', () => {
    setup();
    for (const label of ['0%', '10%', '25%', '50%', '75%', '100%', '125%', '150%', '200%']) {
      expect(screen.getByRole('radio', { name: label })).toBeInTheDocument();
    }
  });

  it('hands a complete draft on with the recent tumbler photo', async () => {
    localStorage.setItem(STORAGE_KEYS.recentUpload, '/api/images/recent.jpg');
    const { onNext, user } = setup();

    await user.click(screen.getByRole('radio', { name: 'Frappe' }));
    await user.click(screen.getByRole('radio', { name: '75%' }));
    await user.type(screen.getByLabelText(/Additional request/), 'less ice');
    await user.click(screen.getByRole('button', { name: 'Use my recent photo' }));
    expect(screen.getByRole('img', { name: 'Your tumbler' })).toHaveAttribute('src', '/api/images/recent.jpg');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.queryByText(MESSAGES.checkOrder)).not.toBeInTheDocument();
    expect(onNext).toHaveBeenCalledWith({
      venue: 'cafe',
      menu_id: 3,
      menu_name: 'Latte',
      type: 'frappe',
      sweetness: 75,
      remark: 'less ice',
      tumblerImage: '/api/images/recent.jpg',
    });
  });

  it('Back clears the chosen photo', async () => {
    localStorage.setItem(STORAGE_KEYS.recentUpload, '/api/images/recent.jpg');
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Use my recent photo' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('img', { name: 'Your tumbler' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a photo' })).toBeInTheDocument();
  });

  it('refuses a photo of 5 MB or more before uploading', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Upload a photo' }));
    const big = new File([new Uint8Array(5 * 1024 * 1024)], 'cup.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Choose a photo'), big);
    expect(await screen.findByText(MESSAGES.uploadTooLarge)).toBeInTheDocument();
  });

  it('says a drink nobody has tagged is not tagged, to a person who avoids something, once the item is known', () => {
    signIn({ avoids: ['milk'] });
    const { rerender } = renderWithProviders(<CafeOrderForm menuId={3} menuName="Latte" onNext={vi.fn()} />);
    expect(screen.queryByTestId('diet-warning')).toBeNull();
    rerender(<CafeOrderForm menuId={3} menuName="Latte" tags={null} onNext={vi.fn()} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Not tagged: nobody has said what this drink contains. Ask the barista.',
    );
    rerender(<CafeOrderForm menuId={3} menuName="Latte" tags={['milk']} onNext={vi.fn()} />);
    expect(screen.getByRole('note')).toHaveTextContent('This drink contains Milk, which you avoid.');
  });
});
