import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TumblerImageField } from '@/features/order-ahead/components/tumbler-image-field';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { renderWithProviders, signIn } from '@/test/render';

function Field() {
  const [value, setValue] = useState('');
  return (
    <>
      <TumblerImageField value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('the tumbler photo field', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('forgets a recent photo the cafe deleted, and asks for a new one', () => {
    localStorage.setItem(STORAGE_KEYS.recentUpload, '/api/images/deleted.webp');
    renderWithProviders(<Field />);
    fireEvent.click(screen.getByRole('button', { name: 'Use my recent photo' }));
    expect(screen.getByTestId('value')).toHaveTextContent('/api/images/deleted.webp');
    fireEvent.error(screen.getByRole('img', { name: 'Your tumbler' }));
    expect(screen.getByText('That photo is no longer kept. Upload a new one.')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Use my recent photo' })).toBeDisabled();
    expect(localStorage.getItem(STORAGE_KEYS.recentUpload)).toBeNull();
  });
});
