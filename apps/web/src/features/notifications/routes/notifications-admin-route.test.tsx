import type { OutboxChannelHealth, OutboxHealth } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { OUTBOX_REFRESH_MS } from '@/features/notifications/api/get-outbox-health';
import { NotificationsAdminRoute } from './notifications-admin-route';

/*
 * Notifications (/notifications-admin): an admin sees whether "your drink is ready" gets out: what
 * waits and failed, how old the oldest waiting one is, the last error, and each channel's figures.
 */

const channel = (
  name: OutboxChannelHealth['channel'],
  rest: Partial<OutboxChannelHealth> = {},
): OutboxChannelHealth => ({
  channel: name,
  configured: true,
  pending: 0,
  failed: 0,
  sent: 0,
  lastError: null,
  ...rest,
});

/** 10:30 in Bangkok (the test settings' cafe zone) on 23 November 2026. */
const ERROR_AT = '2026-11-23T03:30:00.000Z';
const REFUSED = 'connect ECONNREFUSED 127.0.0.1:4307';

function troubled(oldestPendingAt: string): OutboxHealth {
  return {
    pending: 2,
    failed: 1,
    oldestPendingAt,
    lastError: { channel: 'webhook', message: REFUSED, at: ERROR_AT },
    channels: [
      channel('push', { sent: 5 }),
      channel('slack', { configured: false }),
      channel('email', { sent: 3, failed: 1, lastError: { message: '550 mailbox unavailable', at: ERROR_AT } }),
      channel('webhook', { pending: 2, sent: 1, lastError: { message: REFUSED, at: ERROR_AT } }),
    ],
  };
}

const HEALTHY: OutboxHealth = {
  pending: 0,
  failed: 0,
  oldestPendingAt: null,
  lastError: null,
  channels: [
    channel('push', { sent: 5 }),
    channel('slack', { configured: false }),
    channel('email', { sent: 4 }),
    channel('webhook', { sent: 3 }),
  ],
};

const NEVER_USED: OutboxHealth = {
  pending: 0,
  failed: 0,
  oldestPendingAt: null,
  lastError: null,
  channels: [
    channel('push'),
    channel('slack', { configured: false }),
    channel('email', { configured: false }),
    channel('webhook'),
  ],
};

const reads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/notifications/outbox');

/** The row of a channel in the table, as its cells' texts. */
function rowOf(name: string, tableName = "Each channel's outbox"): string[] {
  const table = screen.getByRole('table', { name: tableName });
  const header = within(table).getByRole('rowheader', { name });
  return within(header.closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

beforeEach(() => signIn({ id: 1, name: 'Ada Admin', role: 'admin' }));
afterEach(() => vi.useRealTimers());

describe('Notifications health', () => {
  it('shows the totals, the age of the oldest waiting one, the last error and each channel', async () => {
    const oldest = new Date(Date.now() - 95_000).toISOString();
    mockApi({ 'GET /notifications/outbox': troubled(oldest) });
    renderWithProviders(<NotificationsAdminRoute />);
    expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Loading the outbox...')).toBeInTheDocument();

    expect(await screen.findByTestId('outbox-pending')).toHaveTextContent('Waiting to be sent2');
    expect(screen.getByTestId('outbox-failed')).toHaveTextContent('Failed1');
    expect(screen.getByTestId('outbox-oldest')).toHaveTextContent(/Oldest waiting1 min 3\d s ago/);

    const lastError = screen.getByRole('region', { name: 'Last error (Company chat (webhook))' });
    expect(lastError).toHaveTextContent(REFUSED);
    expect(lastError).toHaveTextContent('23 Nov 2026 10:30');

    expect(rowOf('Browser notifications')).toEqual(['Configured', '0', '0', '5', 'None']);
    expect(rowOf('Slack')).toEqual(['Not configured', '0', '0', '0', 'None']);
    expect(rowOf('E-mail')).toEqual(['Configured', '0', '1', '3', '550 mailbox unavailable23 Nov 2026 10:30']);
    expect(rowOf('Company chat (webhook)')).toEqual(['Configured', '2', '0', '1', `${REFUSED}23 Nov 2026 10:30`]);

    // On a phone: a card per channel with the same figures.
    const cards = screen.getByRole('list', { name: "Each channel's outbox" });
    const webhook = within(cards).getByRole('heading', { name: 'Company chat (webhook)' }).closest('li')!;
    expect(within(webhook).getByText('Pending').nextSibling).toHaveTextContent('2');
    expect(webhook).toHaveTextContent(REFUSED);
    expect(within(cards).getAllByRole('listitem')).toHaveLength(4);
  });

  it('reads the outbox again on Refresh', async () => {
    let health = troubled(new Date().toISOString());
    const { calls } = mockApi({ 'GET /notifications/outbox': () => health });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsAdminRoute />);
    expect(await screen.findByTestId('outbox-pending')).toHaveTextContent('2');

    health = HEALTHY;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('outbox-pending')).toHaveTextContent('Waiting to be sent0'));
    expect(screen.getByTestId('outbox-oldest')).toHaveTextContent('None');
    expect(screen.queryByRole('region', { name: /^Last error/ })).not.toBeInTheDocument();
    expect(rowOf('Company chat (webhook)')).toEqual(['Configured', '0', '0', '3', 'None']);
    expect(reads(calls)).toHaveLength(2);
  });

  it('reads the outbox again every 10 seconds by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let health = troubled(new Date().toISOString());
    const { calls } = mockApi({ 'GET /notifications/outbox': () => health });
    renderWithProviders(<NotificationsAdminRoute />);
    expect(await screen.findByTestId('outbox-pending')).toHaveTextContent('2');
    expect(reads(calls)).toHaveLength(1);

    health = HEALTHY;
    await act(() => vi.advanceTimersByTimeAsync(OUTBOX_REFRESH_MS));
    await waitFor(() => expect(screen.getByTestId('outbox-pending')).toHaveTextContent('0'));
    expect(reads(calls)).toHaveLength(2);
  });

  it('says when nothing was ever sent, and still shows which channels are configured', async () => {
    mockApi({ 'GET /notifications/outbox': NEVER_USED });
    renderWithProviders(<NotificationsAdminRoute />);
    expect(await screen.findByText('Nothing sent yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('outbox-pending')).not.toBeInTheDocument();
    expect(rowOf('E-mail')).toEqual(['Not configured', '0', '0', '0', 'None']);
    expect(rowOf('Company chat (webhook)')).toEqual(['Configured', '0', '0', '0', 'None']);
  });

  it('says when the outbox cannot be read, and keeps the last reading when a later one fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: unknown = apiError(500, 'INTERNAL');
    mockApi({ 'GET /notifications/outbox': () => answer });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsAdminRoute />);
    expect(await screen.findByText("The outbox's health could not be loaded.")).toBeInTheDocument();

    answer = troubled(new Date().toISOString());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('outbox-pending')).toHaveTextContent('2');

    answer = apiError(500, 'INTERNAL');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The latest reading failed: these figures may be out of date.',
    );
    expect(screen.getByTestId('outbox-pending')).toHaveTextContent('2');
  });
});

describe('Notifications health in Thai', () => {
  it('shows the screen in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({ 'GET /notifications/outbox': troubled(new Date(Date.now() - 5_000).toISOString()) });
    renderWithProviders(<NotificationsAdminRoute />);
    expect(screen.getByRole('heading', { name: 'การแจ้งเตือน', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('outbox-pending')).toHaveTextContent('รอส่ง2');
    expect(screen.getByTestId('outbox-oldest')).toHaveTextContent(/\d+ วินาที ที่แล้ว/);
    expect(rowOf('Slack', 'กล่องข้อความขาออกของแต่ละช่องทาง')[0]).toBe('ยังไม่ได้ตั้งค่า');
    expect(screen.getByRole('button', { name: 'รีเฟรช' })).toBeInTheDocument();
  });
});
