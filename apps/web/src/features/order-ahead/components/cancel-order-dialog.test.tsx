import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CancelOrderDialog } from './cancel-order-dialog';

describe('CancelOrderDialog', () => {
  it('asks with the drink name and confirms', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onOpenChange = vi.fn();
    render(<CancelOrderDialog open onOpenChange={onOpenChange} menuName="Latte" onConfirm={onConfirm} />);

    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('You want to cancel Latte');
    expect(dialog).toHaveTextContent('Click confirm to cancel');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('closes without cancelling on Close', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(<CancelOrderDialog open onOpenChange={onOpenChange} menuName="Mocha" onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
