import type { NotificationSettings, NotificationSettingsBody } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { setBrowserOnline } from '@/test/network';
import { apiError, mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { ProfileRoute } from './profile-route';

/*
 * Profile (/profile): who the person is, and where "your drink is ready" reaches them (docs/api.md,
 * "Notifications"). Channels the company has not configured are shown but cannot be chosen.
 */

/** Push on by default; Slack not configured by the company; e-mail and the webhook offered. */
const NEVER_CHOSEN: NotificationSettings = {
  language: 'en',
  channels: {
    push: { available: true, enabled: true },
    slack: { available: false, enabled: false },
    email: { available: true, enabled: false },
    webhook: { available: true, enabled: false },
  },
};

/** The profile's signed-in devices: none listed (components/sessions-section.test.tsx has them). */
const NO_SESSIONS = { sessions: [], confirmWith: 'password', recentSignInUntil: null };

type Refusal = (body: NotificationSettingsBody) => ReturnType<typeof apiError> | undefined;

/** The fake server: the settings as stored, a PUT merging what it is sent; `refuse` answers first. */
function serve(start: NotificationSettings = NEVER_CHOSEN, refuse: Refusal = () => undefined) {
  let stored = structuredClone(start);
  const api = mockApi((call) => {
    if (call.path === '/auth/sessions') return { body: NO_SESSIONS };
    if (call.path !== '/user/notifications') return undefined;
    if (call.method === 'GET') return { body: stored };
    if (call.method === 'PUT') {
      const body = call.body as NotificationSettingsBody;
      const refusal = refuse(body);
      if (refusal) return refusal;
      const { language, ...channels } = body;
      stored = {
        language: language ?? stored.language,
        channels: { ...stored.channels },
      };
      for (const [channel, enabled] of Object.entries(channels) as [keyof typeof stored.channels, boolean][]) {
        stored.channels[channel] = { ...stored.channels[channel], enabled };
      }
      return { body: stored };
    }
    return undefined;
  });
  return {
    ...api,
    /** The company changes its configuration. */
    configure(channel: keyof NotificationSettings['channels'], available: boolean) {
      stored = { ...stored, channels: { ...stored.channels, [channel]: { ...stored.channels[channel], available } } };
    },
  };
}

const puts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'PUT' && c.path === '/user/notifications').map((c) => c.body);

async function openProfile() {
  const user = userEvent.setup();
  renderWithProviders(<ProfileRoute />);
  const channels = await screen.findByRole('group', { name: 'Tell me my drink is ready by' });
  return { user, channels };
}

beforeEach(() => signIn({ id: 7, name: 'Mali', email: 'mali@example.com', role: 'user' }));

describe('Profile', () => {
  it('shows who is signed in and the channels as the server has them', async () => {
    serve();
    renderWithProviders(<ProfileRoute />);
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Mali');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('mali@example.com');
    expect(screen.getByText('Loading your notification settings...')).toBeInTheDocument();

    const channels = await screen.findByRole('group', { name: 'Tell me my drink is ready by' });
    const push = within(channels).getByRole('checkbox', { name: 'Browser notifications' });
    expect(push).toBeChecked();
    expect(push).toBeEnabled();
    expect(push).toHaveAccessibleDescription(
      'Shown by each browser or phone where you have also allowed notifications.',
    );
    expect(within(channels).getByRole('link', { name: 'Allow them in this browser (on My Order)' })).toHaveAttribute(
      'href',
      '/statusOrder',
    );
    const slack = within(channels).getByRole('checkbox', { name: 'Slack' });
    expect(slack).toBeDisabled();
    expect(slack).not.toBeChecked();
    expect(slack).toHaveAccessibleDescription('Not set up by your company.');
    const email = within(channels).getByRole('checkbox', { name: 'E-mail' });
    expect(email).toBeEnabled();
    expect(email).not.toBeChecked();
    expect(email).toHaveAccessibleDescription('To mali@example.com.');
    expect(within(channels).getByRole('checkbox', { name: 'Company chat (webhook)' })).not.toBeChecked();

    const language = screen.getByRole('group', { name: 'Language of my messages' });
    expect(within(language).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(within(language).getByRole('radio', { name: 'ไทย' })).not.toBeChecked();
    // Nothing to save until something changes.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves only what changed and shows the saved state', async () => {
    const { calls } = serve();
    const { user, channels } = await openProfile();
    await user.click(within(channels).getByRole('checkbox', { name: 'Company chat (webhook)' }));
    await user.click(within(channels).getByRole('checkbox', { name: 'E-mail' }));
    // Turned on and off again: not a change.
    await user.click(within(channels).getByRole('checkbox', { name: 'Browser notifications' }));
    await user.click(within(channels).getByRole('checkbox', { name: 'Browser notifications' }));
    await user.click(screen.getByRole('radio', { name: 'ไทย' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your notification settings were saved.')).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ language: 'th', email: true, webhook: true }]);
    expect(within(channels).getByRole('checkbox', { name: 'Company chat (webhook)' })).toBeChecked();
    expect(within(channels).getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'ไทย' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(within(channels).getByRole('checkbox', { name: 'Browser notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ push: false });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(within(channels).getByRole('checkbox', { name: 'Browser notifications' })).not.toBeChecked();
  });

  it("shows the server's refusal of a channel the company stopped offering, and that channel off", async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const server = serve(NEVER_CHOSEN, (body) =>
      body.webhook ? apiError(400, 'VALIDATION', 'webhook: is not configured by the company') : undefined,
    );
    const { user, channels } = await openProfile();
    await user.click(within(channels).getByRole('checkbox', { name: 'Company chat (webhook)' }));
    server.configure('webhook', false);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Company chat (webhook) is not set up by your company, so it cannot be chosen.',
    );
    const webhook = within(channels).getByRole('checkbox', { name: 'Company chat (webhook)' });
    await waitFor(() => expect(webhook).toBeDisabled());
    expect(webhook).not.toBeChecked();
    expect(webhook).toHaveAccessibleDescription('Not set up by your company.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows any other refusal in the server's words", async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    serve(NEVER_CHOSEN, () => apiError(400, 'VALIDATION', 'email: the company address book has no e-mail for you'));
    const { user, channels } = await openProfile();
    await user.click(within(channels).getByRole('checkbox', { name: 'E-mail' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('email: the company address book has no e-mail for you');
    // What the person chose stays, to try again.
    expect(within(channels).getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('says when the settings cannot be read, and reads them again on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    mockApi((call) => {
      if (call.path === '/auth/sessions') return { body: NO_SESSIONS };
      if (call.path !== '/user/notifications') return undefined;
      return down ? apiError(500, 'INTERNAL') : { body: NEVER_CHOSEN };
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileRoute />);
    expect(await screen.findByText('Your notification settings could not be loaded.')).toBeInTheDocument();
    // Who the person is shows all the same.
    expect(screen.getByTestId('profile-email')).toHaveTextContent('mali@example.com');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Tell me my drink is ready by' })).toBeInTheDocument();
  });

  it('cannot save while offline, and says why', async () => {
    const { calls } = serve();
    const { user, channels } = await openProfile();
    await user.click(within(channels).getByRole('checkbox', { name: 'E-mail' }));
    setBrowserOnline(false);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(/offline/i);
    setBrowserOnline(true);
    expect(save).toBeEnabled();
    expect(puts(calls)).toEqual([]);
  });

  it('offers a barista the channels without the link to My Order', async () => {
    signIn({ id: 3, name: 'Bea', email: 'barista@example.com', role: 'barista' });
    serve();
    const { channels } = await openProfile();
    expect(within(channels).getByRole('checkbox', { name: 'Browser notifications' })).toBeChecked();
    expect(within(channels).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('Profile in Thai', () => {
  it('shows the screen in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    serve();
    renderWithProviders(<ProfileRoute />);
    expect(screen.getByRole('heading', { name: 'โปรไฟล์', level: 1 })).toBeInTheDocument();
    const channels = await screen.findByRole('group', { name: 'แจ้งฉันเมื่อเครื่องดื่มพร้อมทาง' });
    expect(within(channels).getByRole('checkbox', { name: 'อีเมล' })).toBeEnabled();
    expect(within(channels).getByRole('checkbox', { name: 'Slack' })).toHaveAccessibleDescription(
      'บริษัทของคุณยังไม่ได้ตั้งค่าช่องทางนี้',
    );
    expect(screen.getByRole('button', { name: 'บันทึก' })).toBeDisabled();
  });
});
