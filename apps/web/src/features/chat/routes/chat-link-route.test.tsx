import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderRoutes, signIn } from '@/test/render';
import { LineLinkRoute, TeamsLinkRoute } from './chat-link-route';

const TOKEN = 'L'.repeat(40) + '_x-';

function renderLink(channel: 'line' | 'teams', token = TOKEN) {
  const element = channel === 'line' ? <LineLinkRoute /> : <TeamsLinkRoute />;
  return renderRoutes(
    [
      { path: `/${channel}/link/:token`, element },
      { path: '/', element: <p>The cafe menu</p> },
    ],
    `/${channel}/link/${token}`,
  );
}

/** What the server answers a token cut short when copied (docs/api/chat.md). */
const CUT_ANSWER = apiError(400, 'VALIDATION', 'token: token must be the one-time link from the chat', {
  messageId: 'people.link.notWhole',
});

describe('ChatLinkRoute', () => {
  beforeEach(() => {
    signIn({ isCafeOpen: true, isBarOpen: false });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('names the LINE account, links it only when asked, then offers to unlink', async () => {
    let linked = false;
    const { calls } = mockApi((call) => {
      if (call.path === `/chat/line/link-tokens/${TOKEN}` && call.method === 'GET')
        return { body: { name: 'Mali ☕' } };
      if (call.path === `/chat/line/link-tokens/${TOKEN}` && call.method === 'POST') {
        linked = true;
        return { body: { name: 'Mali ☕' } };
      }
      if (call.path === '/chat/line/link' && call.method === 'GET')
        return { body: { linked, since: linked ? '2026-11-18T03:00:00.000Z' : null } };
      if (call.path === '/chat/line/link' && call.method === 'DELETE') return { status: 204, body: null };
      return undefined;
    });
    renderLink('line');
    expect(await screen.findByRole('heading', { level: 1, name: 'LINE' })).toBeInTheDocument();
    expect(await screen.findByText('Link LINE account Mali ☕ to you?')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByText(/LINE account Mali ☕ is linked to you/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Unlink LINE' }));
    expect(await screen.findByText(/LINE is unlinked/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE')[0]?.path).toBe('/chat/line/link');
  });

  it('lets a person with Teams linked already unlink it from a used link', async () => {
    const { calls } = mockApi({
      [`GET /chat/teams/link-tokens/${TOKEN}`]: apiError(404, 'NOT_FOUND', 'Chat link was not found.'),
      'GET /chat/teams/link': { linked: true, since: '2026-11-18T03:00:00.000Z' },
      'DELETE /chat/teams/link': { status: 204, body: null },
    });
    renderLink('teams');
    expect(await screen.findByText(/Send “coffee” to the cafe bot in Teams for a new one/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link' })).not.toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unlink Microsoft Teams' }));
    expect(await screen.findByText(/Microsoft Teams is unlinked/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/chat/teams/link')).toBe(true);
  });

  it('says a used or expired LINE link is gone, in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({
      [`GET /chat/line/link-tokens/${TOKEN}`]: apiError(404, 'NOT_FOUND', 'Chat link was not found.'),
      'GET /chat/line/link': { linked: false, since: null },
    });
    renderLink('line');
    expect(await screen.findByText('ลิงก์นี้หมดอายุหรือถูกใช้แล้ว ส่ง “coffee” ถึงคาเฟ่ใน LINE เพื่อรับลิงก์ใหม่')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ไปที่คาเฟ่' })).toBeInTheDocument();
  });
  it('says a LINE link cut short when copied is not whole, how to get a new one, and leads on (issue 62)', async () => {
    const cut = TOKEN.slice(0, 12);
    mockApi({
      [`GET /chat/line/link-tokens/${cut}`]: CUT_ANSWER,
      'GET /chat/line/link': { linked: false, since: null },
    });
    renderLink('line', cut);
    expect(
      await screen.findByText(
        'This link is not whole: part of it was probably lost when it was copied. Send “coffee” to the cafe on LINE for a new one, and open it from there.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/token/)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to the cafe' }));
    expect(await screen.findByText('The cafe menu')).toBeInTheDocument();
  });

  it('says so in Thai for a Teams link cut short, never the rule in English', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const cut = 'abc';
    mockApi({
      [`GET /chat/teams/link-tokens/${cut}`]: CUT_ANSWER,
      'GET /chat/teams/link': { linked: false, since: null },
    });
    renderLink('teams', cut);
    expect(
      await screen.findByText(
        'ลิงก์นี้ไม่ครบ อาจมีบางส่วนหายไปตอนคัดลอก ส่ง “coffee” ถึงบอตของคาเฟ่ใน Teams เพื่อรับลิงก์ใหม่ แล้วเปิดจากที่นั่น',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ไปที่คาเฟ่' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/token/)).not.toBeInTheDocument();
  });
});
