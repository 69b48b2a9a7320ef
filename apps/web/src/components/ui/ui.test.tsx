import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, EmptyState, LoadingBlock, Modal, PageHeader, Select, Spinner, StatusPill, Switch } from '.';

describe('ConfirmDialog', () => {
  it('asks, shows busy while the action runs and closes when it succeeds', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <ConfirmDialog
        trigger={<button type="button">Delete</button>}
        title="Delete Latte?"
        text="It disappears from the menu."
        onConfirm={onConfirm}
        tone="danger"
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Latte?' });
    expect(dialog).toHaveAccessibleDescription('It disappears from the menu.');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('stays open when the action fails and closes with Close', async () => {
    render(
      <ConfirmDialog
        trigger={<button type="button">Go</button>}
        title="Sure?"
        onConfirm={() => Promise.reject(new Error('no'))}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled());
    expect(screen.getByRole('alertdialog', { name: 'Sure?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('works controlled with an outside busy flag', () => {
    render(
      <ConfirmDialog
        open
        onOpenChange={() => undefined}
        title="Save?"
        onConfirm={() => undefined}
        busy
        confirmLabel="Save"
      />,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('Modal', () => {
  it('is a titled dialog that closes with its close button', async () => {
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <Modal open={open} onOpenChange={setOpen} title="Your order">
          <p>Latte</p>
        </Modal>
      );
    }
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Your order' })).toHaveTextContent('Latte');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('small pieces', () => {
  it('announce loading', () => {
    render(
      <>
        <Spinner label="Saving" />
        <LoadingBlock />
      </>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(screen.getByText('Saving')).toBeInTheDocument();
  });

  it('render an empty state, a page header with back link and a pill', () => {
    render(
      <MemoryRouter>
        <PageHeader title="Menu Management" backTo="/ordering" actions={<button type="button">Add</button>} />
        <EmptyState title="Nothing here" description="Add a category to start." />
        <StatusPill tone="success">Done</StatusPill>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Menu Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/ordering');
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
  });

  it('label a select and a switch', async () => {
    const onChecked = vi.fn();
    render(
      <>
        <Select
          label="Category"
          options={[{ value: '1', label: 'Coffee' }]}
          placeholder="Choose"
          defaultValue=""
          error="Pick one"
        />
        <Switch label="Active" checked={false} onCheckedChange={onChecked} />
      </>,
    );
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Pick one');
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Active' }));
    expect(onChecked).toHaveBeenCalledWith(true);
  });
});
