import type { PrivacyPolicy } from '@cafe/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, currentPath, mockApi, renderRoutes, signIn, signOut, stubScreen } from '@/test/render';
import { PrivacyRoute } from './privacy-route';

/*
 * Privacy (/privacy, public): what the cafe keeps, why and for how long, with the numbers of the
 * deployment (GET /privacy, docs/privacy.md), and where to download one's data or delete the account.
 */

const POLICY: PrivacyPolicy = {
  photoDays: 7,
  notificationDays: 14,
  sessionDays: 30,
  singleSignOn: false,
  channels: { slack: false, email: true, webhook: false },
};

function openPrivacy(policy: PrivacyPolicy = POLICY) {
  const api = mockApi({ 'GET /privacy': policy });
  const view = renderRoutes([{ path: '/privacy', element: <PrivacyRoute /> }, stubScreen('/login')], '/privacy');
  return { ...api, ...view };
}

/** The table's row about `what` (its row header starts with it). */
async function rowOf(what: string) {
  const table = await screen.findByRole('table', { name: 'What the cafe keeps, why, and for how long' });
  return within(table).getByRole('row', { name: new RegExp(`^${what}`) });
}

describe('Privacy', () => {
  it("says how long each thing is kept, with the deployment's numbers", async () => {
    signOut();
    const { calls } = openPrivacy();
    expect(screen.getByRole('heading', { name: 'Privacy', level: 1 })).toBeInTheDocument();
    expect(await rowOf('Tumbler photos')).toHaveTextContent(
      '7 days after the last order showing them ended; never while that order is open.',
    );
    expect(await rowOf('Notifications sent to you')).toHaveTextContent('14 days after they were written');
    expect(await rowOf('Sign-ins')).toHaveTextContent('Until they expire: 30 days after their last use.');
    expect(await rowOf('Your account')).toHaveTextContent('While your account exists.');
    expect(await rowOf('Your orders')).toHaveTextContent('without you: no name, remark or photo');
    expect(await rowOf('Browser notification subscriptions')).toHaveTextContent(
      'Until the browser unsubscribes, or you sign out in it.',
    );
    expect(await rowOf('Your password')).toHaveTextContent(/^Your password.*While your account exists\.$/);
    // Health data: only with consent, and until it is withdrawn (docs/decisions/0068-health-data-consent.md).
    expect(await rowOf('What you cannot drink')).toHaveTextContent(
      'Only with your consent, asked on your profile.Until you withdraw your consent on your profile (your list is then erased), or your account is deleted.',
    );
    expect(await rowOf('Your usual, your standing orders and your Slack link')).toHaveTextContent(
      'Until you change or remove them, or your account is deleted.',
    );
    expect(calls.filter((c) => c.path === '/privacy')).toHaveLength(1);
  });

  it('says "1 day" for one day', async () => {
    signOut();
    openPrivacy({ ...POLICY, photoDays: 1 });
    expect(await rowOf('Tumbler photos')).toHaveTextContent(/^Tumbler photos.*1 day after the last order/);
  });

  it('names only the notification channels the company set up, and single sign-on only when there is one', async () => {
    signOut();
    openPrivacy();
    const channels = await screen.findByTestId('privacy-channels');
    const names = within(channels)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(names).toEqual(['Browser notifications', 'E-mail']);
    expect(screen.queryByRole('heading', { name: 'Signing in with your company account' })).not.toBeInTheDocument();
  });

  it('with single sign-on and every channel: says so, and that such an account has no password', async () => {
    signOut();
    openPrivacy({ ...POLICY, singleSignOn: true, channels: { slack: true, email: true, webhook: true } });
    const channels = await screen.findByTestId('privacy-channels');
    expect(
      within(channels)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Browser notifications', 'Slack', 'E-mail', 'Company chat (webhook)']);
    expect(screen.getByRole('heading', { name: 'Signing in with your company account', level: 2 })).toBeInTheDocument();
    expect(await rowOf('Your password')).toHaveTextContent(
      'An account made by signing in with your company account has none.',
    );
  });

  it('sends a visitor to sign in on the way to the profile', async () => {
    signOut();
    const { router } = openPrivacy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Sign in to open your profile' }));
    expect(currentPath()).toBe('/login');
    // Signing in then goes on to the profile.
    expect(router.state.location.state).toEqual({ from: '/profile' });
  });

  it('links a signed-in person to their profile', async () => {
    signIn();
    openPrivacy();
    expect(await screen.findByRole('link', { name: 'Open your profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByText(/“Download my data” gives you everything the cafe keeps about you/)).toBeInTheDocument();
  });

  it('says when the numbers cannot be read, and reads them again on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signOut();
    let down = true;
    mockApi((call) => (call.path === '/privacy' ? (down ? apiError(503, 'INTERNAL') : { body: POLICY }) : undefined));
    renderRoutes([{ path: '/privacy', element: <PrivacyRoute /> }], '/privacy');
    expect(await screen.findByText('How long the cafe keeps your data could not be loaded.')).toBeInTheDocument();
    // How to download or delete one's data shows all the same.
    expect(screen.getByRole('heading', { name: 'Download your data or delete your account' })).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Tumbler photos')).toHaveTextContent('7 days');
  });
});

describe('Privacy in Thai', () => {
  it('shows the page and its numbers in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    signOut();
    openPrivacy();
    expect(screen.getByRole('heading', { name: 'ความเป็นส่วนตัว', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'ข้อมูลที่คาเฟ่เก็บ เหตุผล และระยะเวลาที่เก็บ' });
    expect(within(table).getByRole('row', { name: /^รูปแก้วส่วนตัว/ })).toHaveTextContent('7 วัน');
    expect(screen.queryByText(/days/)).not.toBeInTheDocument();
  });
});
