import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderRoutes, signIn } from '@/test/render';
import { SlackLinkRoute } from './slack-link-route';

const TOKEN = 'S'.repeat(40) + '_x-';

function renderLink() {
  return renderRoutes([{ path: '/slack/link/:token', element: <SlackLinkRoute /> }], `/slack/link/${TOKEN}`);
}

describe('SlackLinkRoute', () => {
  beforeEach(() => {
    signIn({ isCafeOpen: true, isBarOpen: false });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('names the Slack account, links it only when asked, then offers to unlink', async () => {
    let linked = false;
    const { calls } = mockApi((call) => {
      if (call.path === `/slack/link-tokens/${TOKEN}` && call.method === 'GET')
        return { body: { slackName: 'mali.s' } };
      if (call.path === `/slack/link-tokens/${TOKEN}` && call.method === 'POST') {
        linked = true;
        return { body: { slackName: 'mali.s' } };
      }
      if (call.path === '/slack/link' && call.method === 'GET')
        return { body: { linked, since: linked ? '2026-11-18T03:00:00.000Z' : null } };
      if (call.path === '/slack/link' && call.method === 'DELETE') return { status: 204, body: null };
      return undefined;
    });
    renderLink();
    expect(await screen.findByText('Link Slack account mali.s to you?')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByText(/Slack account mali.s is linked to you/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Unlink Slack' }));
    expect(await screen.findByText(/Slack is unlinked/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  });

  it('says a used or expired link is gone, in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({
      [`GET /slack/link-tokens/${TOKEN}`]: apiError(404, 'NOT_FOUND', 'Slack link was not found.'),
      'GET /slack/link': { linked: false, since: null },
    });
    renderLink();
    expect(await screen.findByText('ลิงก์นี้หมดอายุหรือถูกใช้แล้ว พิมพ์ /coffee ใน Slack เพื่อรับลิงก์ใหม่')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
  it('says a link cut short when copied is not whole, in Thai, and leads on to the cafe (issue 62)', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({
      'GET /slack/link-tokens/abc': apiError(400, 'VALIDATION', 'token: token must be the one-time link from Slack', {
        messageId: 'people.link.notWhole',
      }),
      'GET /slack/link': { linked: false, since: null },
    });
    renderRoutes([{ path: '/slack/link/:token', element: <SlackLinkRoute /> }], '/slack/link/abc');
    expect(
      await screen.findByText('ลิงก์นี้ไม่ครบ อาจมีบางส่วนหายไปตอนคัดลอก พิมพ์ /coffee ใน Slack เพื่อรับลิงก์ใหม่ แล้วเปิดจากที่นั่น'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ไปที่คาเฟ่' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/token/)).not.toBeInTheDocument();
  });
});
