import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, currentPath, mockApi, renderRoutes, signIn, signOut, stubScreen } from '@/test/render';
import { ConfirmEmailRoute } from './confirm-email-route';

const TOKEN = 'A'.repeat(40) + '_b-';
const EXPIRED = 'This confirmation link has expired. Sign in to ask for a new one.';
const INVALID = 'This confirmation link is not valid, or it was used already. Sign in to ask for a new one.';

function renderConfirm(search: string) {
  return renderRoutes(
    [{ path: '/confirm-email', element: <ConfirmEmailRoute /> }, stubScreen('/login'), stubScreen('/menucafe')],
    `/confirm-email${search}`,
  );
}

describe('ConfirmEmailRoute', () => {
  beforeEach(() => {
    signOut();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('says it is confirming, posts the token once, then says the address is confirmed and offers to sign in', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { calls } = mockApi((call) =>
      call.path === '/auth/email-confirmation'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    renderConfirm(`?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeInTheDocument();
    const outcome = screen.getByRole('status');
    expect(outcome).toHaveTextContent('Confirming your e-mail address...');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    await waitFor(() => expect(calls).toHaveLength(1));
    answer({ body: { email: 'mali@example.com' } });
    await waitFor(() => expect(outcome).toHaveTextContent('Your e-mail address is confirmed'));
    expect(outcome).toHaveTextContent('mali@example.com can order drinks now.');
    const posted = calls.filter((c) => c.method === 'POST' && c.path === '/auth/email-confirmation');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ token: TOKEN });

    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign in' }));
    expect(currentPath()).toBe('/login');
  });

  it('sends someone already signed in on to the menu', async () => {
    signIn({ isCafeOpen: true, isBarOpen: false });
    mockApi({ 'POST /auth/email-confirmation': { email: 'mali@example.com' } });
    renderConfirm(`?token=${TOKEN}`);
    expect(await screen.findByText('Your e-mail address is confirmed')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to the menu' }));
    expect(currentPath()).toBe('/menucafe');
  });

  it("shows an expired link's refusal with how to get a new link", async () => {
    mockApi({ 'POST /auth/email-confirmation': apiError(400, 'VALIDATION', EXPIRED) });
    renderConfirm(`?token=${TOKEN}`);
    const outcome = screen.getByRole('status');
    await waitFor(() => expect(outcome).toHaveTextContent('This link did not work'));
    expect(outcome).toHaveTextContent(EXPIRED);
    expect(outcome).toHaveTextContent('For a new link, sign in and choose “Send the link again”');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    // Sending the same link again would not help.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("shows a used or unknown link's refusal; someone signed in is sent to the menu for a new one", async () => {
    signIn();
    mockApi({ 'POST /auth/email-confirmation': apiError(400, 'VALIDATION', INVALID) });
    renderConfirm(`?token=${TOKEN}`);
    const outcome = screen.getByRole('status');
    await waitFor(() => expect(outcome).toHaveTextContent(INVALID));
    expect(outcome).toHaveTextContent('For a new link, go to the menu and choose “Send the link again”');
    expect(screen.getByRole('link', { name: 'Go to the menu' })).toBeInTheDocument();
  });

  it('says plainly that an address without a whole token is not a confirmation link', async () => {
    const { calls } = mockApi({
      'POST /auth/email-confirmation': apiError(400, 'VALIDATION', 'token: is not the token of a confirmation link'),
    });
    renderConfirm('?token=abc');
    expect(
      await screen.findByText(
        'This address is not a whole confirmation link. Open the link in the e-mail again, or copy all of it.',
      ),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: 'abc' });
  });

  it('offers to try again when the server could not be reached, and then confirms', async () => {
    let reachable = false;
    mockApi({
      'POST /auth/email-confirmation': () =>
        reachable ? { email: 'mali@example.com' } : apiError(503, 'INTERNAL', 'The cafe server is not available.'),
    });
    renderConfirm(`?token=${TOKEN}`);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    reachable = true;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Your e-mail address is confirmed')).toBeInTheDocument();
  });

  it('tells the outcome in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({ 'POST /auth/email-confirmation': apiError(400, 'VALIDATION', EXPIRED) });
    renderConfirm(`?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ยืนยันอีเมลของคุณ');
    expect(await screen.findByText('ลิงก์ยืนยันนี้หมดอายุแล้ว โปรดเข้าสู่ระบบเพื่อขอลิงก์ใหม่')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'เข้าสู่ระบบ' })).toBeInTheDocument();
  });
});
