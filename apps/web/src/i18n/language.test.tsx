import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginRoute } from '@/features/auth/routes/login-route';
import { mockApi, renderRoute, signOut } from '@/test/render';
import { detectLanguage, i18n, LANGUAGE_STORAGE_KEY, loadEverything } from './index';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.lang = 'en';
});

describe('the language', () => {
  it('follows the browser at first: the first of its languages the app speaks, else English', () => {
    browserLanguages(['th-TH', 'en-US']);
    expect(detectLanguage()).toBe('th');
    browserLanguages(['de-DE', 'en-GB', 'th']);
    expect(detectLanguage()).toBe('en');
    browserLanguages(['fr-FR']);
    expect(detectLanguage()).toBe('en');
  });

  it('is remembered once picked, whatever the browser says', () => {
    browserLanguages(['en-US']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    expect(detectLanguage()).toBe('th');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(detectLanguage()).toBe('en');
  });

  it('switches the whole screen from the switch, marks the page and remembers the choice', async () => {
    signOut();
    mockApi((call) => (call.path === '/cafe-status' ? { body: { isCafeOpen: true, isBarOpen: false } } : undefined));
    // The sign-in screen carries the switch (AuthShell); the app's frame carries it on every other.
    renderRoute(LoginRoute, '/login', '/login');
    expect(await screen.findByRole('heading', { name: 'Welcome to the Office Cafe' })).toBeVisible();
    const toThai = screen.getByRole('button', { name: 'ไทย' });
    expect(toThai).toHaveAttribute('lang', 'th');

    await userEvent.setup().click(toThai);

    expect(await screen.findByRole('heading', { name: 'ยินดีต้อนรับสู่ Office Cafe' })).toBeVisible();
    expect(screen.queryByText('Welcome to the Office Cafe')).toBeNull();
    expect(screen.getByRole('button', { name: 'เข้าสู่ระบบ' })).toBeVisible();
    expect(document.documentElement.lang).toBe('th');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('th');
    expect(i18n.locale).toBe('th');

    await userEvent.setup().click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Welcome to the Office Cafe' })).toBeVisible());
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it("gives the specification's Thai out-of-range alert in English in the English interface", async () => {
    const { ApiError } = await import('@/lib/api-client');
    const { errorText } = await import('@/lib/error-text');
    const { MESSAGES } = await import('@cafe/shared');
    const refusal = new ApiError(403, 'OUT_OF_RANGE', MESSAGES.outOfRangeThai);
    expect(errorText(refusal)).toBe(
      "Please come to the cafe before you order, so you do not hold up other people's queue",
    );
    await loadEverything('th');
    i18n.activate('th');
    expect(errorText(refusal)).toBe(MESSAGES.outOfRangeThai);
  });
});
