import type { ChatChannelStatus } from '@cafe/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderRoutes, signIn } from '@/test/render';
import { ChatChannelsAdminRoute } from './chat-channels-admin-route';

const CHANNELS: ChatChannelStatus[] = [
  {
    channel: 'slack',
    on: false,
    settings: [
      { name: 'SLACK_SIGNING_SECRET', set: false, secret: true },
      { name: 'SLACK_BOT_TOKEN', set: false, secret: true },
      { name: 'SLACK_TEAM_ID', set: false, secret: false },
    ],
    linked: 0,
    lastError: null,
    pushesThisMonth: null,
  },
  {
    channel: 'line',
    on: true,
    settings: [
      { name: 'LINE_CHANNEL_SECRET', set: true, secret: true },
      { name: 'LINE_CHANNEL_ACCESS_TOKEN', set: true, secret: true },
      { name: 'LINE_LOGIN_CHANNEL_ID', set: false, secret: false },
      { name: 'LINE_LIFF_ID', set: false, secret: false },
    ],
    linked: 12,
    lastError: { at: '2026-11-18T03:04:00.000Z', message: 'LINE answered 429: monthly limit reached' },
    pushesThisMonth: 340,
  },
  {
    channel: 'teams',
    on: false,
    settings: [
      { name: 'TEAMS_APP_ID', set: false, secret: false },
      { name: 'TEAMS_APP_PASSWORD', set: false, secret: true },
      { name: 'TEAMS_TENANT_ID', set: false, secret: false },
    ],
    linked: 0,
    lastError: null,
    pushesThisMonth: null,
  },
];

function renderPage() {
  return renderRoutes([{ path: '/chat-channels-admin', element: <ChatChannelsAdminRoute /> }], '/chat-channels-admin');
}

describe('ChatChannelsAdminRoute', () => {
  beforeEach(() => {
    signIn({ role: 'admin' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows each channel on or off, its settings set or not (never a value), its people, pushes and last error', async () => {
    mockApi({ 'GET /admin/chat-channels': { channels: CHANNELS } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat channels' })).toBeInTheDocument();
    expect(screen.getByText(/turned on by its settings on the server/)).toHaveTextContent('docs/line.md');
    const line = await screen.findByRole('region', { name: 'LINE' });
    expect(within(line).getByText('On')).toBeInTheDocument();
    expect(within(line).getByText('12')).toBeInTheDocument();
    expect(within(line).getByText('Push messages this month')).toBeInTheDocument();
    expect(within(line).getByText('340')).toBeInTheDocument();
    const settings = within(line).getByRole('list', { name: 'Settings of LINE' });
    const rows = within(settings)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'LINE_CHANNEL_SECRETSet · secret',
      'LINE_CHANNEL_ACCESS_TOKENSet · secret',
      'LINE_LOGIN_CHANNEL_IDNot set',
      'LINE_LIFF_IDNot set',
    ]);
    expect(within(line).getByText('LINE answered 429: monthly limit reached')).toBeInTheDocument();
    expect(within(line).getByText(/2026/).tagName).toBe('TIME');

    const teams = screen.getByRole('region', { name: 'Microsoft Teams' });
    expect(within(teams).getByText('Off')).toBeInTheDocument();
    expect(within(teams).getByText('None')).toBeInTheDocument();
    expect(within(teams).queryByText('Push messages this month')).not.toBeInTheDocument();
    const slack = screen.getByRole('region', { name: 'Slack' });
    expect(within(slack).getByText(/Slack’s deliveries are in the notification outbox/)).toBeInTheDocument();
  });

  it('says when the channels cannot be loaded, and loads them again on Try again', async () => {
    let fail = true;
    mockApi({
      'GET /admin/chat-channels': () => (fail ? apiError(500, 'INTERNAL', 'boom') : { channels: CHANNELS }),
    });
    renderPage();
    expect(await screen.findByText('The chat channels could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('region', { name: 'LINE' })).toBeInTheDocument();
  });

  it('speaks Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({ 'GET /admin/chat-channels': { channels: CHANNELS } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'ช่องทางแชต' })).toBeInTheDocument();
    const line = await screen.findByRole('region', { name: 'LINE' });
    expect(within(line).getByText('เปิด')).toBeInTheDocument();
    expect(within(line).getAllByText(/ยังไม่ตั้ง/)).toHaveLength(2);
  });
});
