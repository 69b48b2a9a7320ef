import { act, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { CafeToaster } from './cafe-toaster';

/** Issue 62: a screen reader heard the toasts' region and their close button in English on a Thai screen. */
describe('the toasts', () => {
  it('name their region and their close button in Thai for a Thai person', async () => {
    await loadEverything('th');
    i18n.activate('th');
    render(
      <I18nProvider i18n={i18n}>
        <CafeToaster />
      </I18nProvider>,
    );
    expect(screen.getByRole('region', { name: 'การแจ้งเตือน (Alt+T)' })).toBeInTheDocument();
    act(() => {
      toast('บันทึกแล้ว');
    });
    expect(await screen.findByRole('button', { name: 'ปิดการแจ้งเตือนนี้' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close toast' })).toBeNull();
  });

  it('name them in English for an English person', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <CafeToaster />
      </I18nProvider>,
    );
    expect(screen.getByRole('region', { name: 'Notifications (Alt+T)' })).toBeInTheDocument();
    act(() => {
      toast('Saved');
    });
    expect(await screen.findByRole('button', { name: 'Close this notification' })).toBeInTheDocument();
  });
});
