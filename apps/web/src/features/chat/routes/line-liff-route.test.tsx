import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { live } from '@/test/fake-live';
import { apiError, currentPath, mockApi, renderRoutes, signOut, stubScreen } from '@/test/render';
import { tokenStorage } from '@/lib/storage-keys';
import { LIFF_SDK_URL, type Liff } from '@/features/chat/lib/liff-sdk';
import { LineLiffRoute } from './line-liff-route';

/**
 * LINE's SDK as the LINE app gives it: signed in, with an ID token, in `language`. Inside LINE it is
 * already on the page (`window.liff`), and the page's loader (lib/liff-sdk.ts) takes it from there.
 */
function fakeLiff(options: { language?: string; loggedIn?: boolean } = {}) {
  const liff = {
    init: vi.fn(() => Promise.resolve()),
    isLoggedIn: vi.fn(() => options.loggedIn ?? true),
    login: vi.fn(),
    getIDToken: vi.fn(() => 'line-id-token'),
    getLanguage: vi.fn(() => options.language ?? 'en'),
  } satisfies Liff;
  vi.stubGlobal('liff', liff);
  return liff;
}

/** The script element that loads LINE's SDK, once the page has added it (jsdom loads no script itself). */
const sdkScript = () => document.querySelector<HTMLScriptElement>(`script[src="${LIFF_SDK_URL}"]`);

const channel = { available: false, enabled: false };
const SETTINGS = (language: 'en' | 'th') => ({
  language,
  channels: { push: channel, slack: channel, email: channel, webhook: channel },
});
const LINK_URL = 'https://cafe.example.com/line/link/' + 'T'.repeat(43);

function renderLiff() {
  return renderRoutes([{ path: '/line', element: <LineLiffRoute /> }, stubScreen('/')], '/line');
}

describe('LineLiffRoute: the menu inside LINE', () => {
  beforeEach(() => {
    signOut();
    tokenStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sdkScript()?.remove();
  });

  it('signs the linked person in with LINE’s ID token and lands on the ordering screen in their language', async () => {
    const liff = fakeLiff({ language: 'en-US' });
    const { calls } = mockApi({
      'GET /line/liff': { liffId: '1650000000-AbCdEfGh' },
      'POST /line/session': { accessToken: 'access', refreshToken: 'refresh' },
      'GET /user/me': { id: 7, email: 'mali@example.com', name: 'Mali', role: 'user' },
      'GET /user/notifications': SETTINGS('th'),
    });
    renderLiff();
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in with LINE…');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(liff.init).toHaveBeenCalledWith({ liffId: '1650000000-AbCdEfGh' });
    expect(calls.find((c) => c.path === '/line/session')?.body).toEqual({ idToken: 'line-id-token' });
    expect(tokenStorage.getAccess()).toBe('access');
    expect(tokenStorage.getRefresh()).toBe('refresh');
    expect(i18n.locale).toBe('th');
    expect(live.reconnectSocket).toHaveBeenCalled();
  });

  it('shows a LINE account not linked yet the server’s words with the one-time link, in LINE’s language', async () => {
    fakeLiff({ language: 'th' });
    mockApi({
      'GET /line/liff': { liffId: '1650000000-AbCdEfGh' },
      'POST /line/session': apiError(403, 'FORBIDDEN', `Your LINE account is not linked ... ${LINK_URL}`, {
        messageId: 'people.line.link.notLinked',
        params: { url: LINK_URL },
      }),
    });
    renderLiff();
    expect(await screen.findByRole('heading', { name: 'บัญชี LINE ของคุณยังไม่ได้เชื่อม' })).toBeInTheDocument();
    expect(screen.getByTestId('liff-link-words')).toHaveTextContent(LINK_URL);
    expect(screen.getByRole('link', { name: 'เชื่อมบัญชี LINE ของฉัน' })).toHaveAttribute('href', LINK_URL);
    expect(tokenStorage.getAccess()).toBeNull();
  });

  it('tells a staff account to sign in with its password', async () => {
    fakeLiff();
    mockApi({
      'GET /line/liff': { liffId: '1650000000-AbCdEfGh' },
      'POST /line/session': apiError(403, 'FORBIDDEN', 'Staff accounts sign in to the cafe with their password'),
    });
    renderLiff();
    expect(await screen.findByRole('heading', { name: 'Staff sign in with their password' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/not by LINE/);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says so while LINE is not set up, and never loads LINE’s SDK', async () => {
    mockApi({ 'GET /line/liff': apiError(404, 'NOT_FOUND', 'The LIFF app was not found.') });
    renderLiff();
    expect(await screen.findByText(/menu inside LINE is not set up/)).toBeInTheDocument();
    expect(window.liff).toBeUndefined();
    expect(sdkScript()).toBeNull();
  });

  it('offers to try again when LINE’s SDK does not load, and signs in on the next try', async () => {
    mockApi({
      'GET /line/liff': { liffId: '1650000000-AbCdEfGh' },
      'POST /line/session': { accessToken: 'access', refreshToken: 'refresh' },
      'GET /user/me': { id: 7, email: 'mali@example.com', name: 'Mali', role: 'user' },
      'GET /user/notifications': SETTINGS('en'),
    });
    renderLiff();
    // The SDK's script does not load (offline): the page removes it and offers another try.
    const script = await waitFor(() => {
      const added = sdkScript();
      if (!added) throw new Error("LINE's SDK is not loading yet");
      return added;
    });
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText(/could not be reached/)).toBeInTheDocument();
    expect(sdkScript()).toBeNull();
    fakeLiff();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('sends a browser LINE has not signed in to LINE’s sign-in, back to this page', async () => {
    const liff = fakeLiff({ loggedIn: false });
    const { calls } = mockApi({ 'GET /line/liff': { liffId: '1650000000-AbCdEfGh' } });
    renderLiff();
    await waitFor(() => expect(liff.login).toHaveBeenCalledWith({ redirectUri: window.location.href }));
    expect(calls.some((c) => c.path === '/line/session')).toBe(false);
  });

  it('says LINE refused a sign-in it did not accept (401), with a retry', async () => {
    fakeLiff();
    mockApi({
      'GET /line/liff': { liffId: '1650000000-AbCdEfGh' },
      'POST /line/session': apiError(401, 'UNAUTHENTICATED', 'LINE did not accept this sign-in.'),
    });
    renderLiff();
    expect(await screen.findByText(/LINE did not accept this sign-in. Close this page/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
