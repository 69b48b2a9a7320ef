import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderRoutes, signIn } from '@/test/render';
import { ChatLinkRoute } from './chat-link-route';

const TOKEN = 'L'.repeat(40) + '_x-';

/** The page as the router has it: one route for every chat, the links Slack sent before included. */
function renderLink(channel: string, token = TOKEN) {
  return renderRoutes(
    [
      { path: '/:channel/link/:token', element: <ChatLinkRoute /> },
      { path: '/', element: <p>The cafe menu</p> },
      { path: '/unauthorized', element: <p>Nothing here</p> },
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
    expect(
      await screen.findByText('LINE account Mali ☕ is linked to you. Send “coffee” to the cafe on LINE to order.'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Unlink LINE' }));
    expect(await screen.findByText(/LINE is unlinked/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE')[0]?.path).toBe('/chat/line/link');
  });

  it('names the Slack account at the address Slack sent before, links it only when asked, then offers to unlink', async () => {
    let linked = false;
    const { calls } = mockApi((call) => {
      if (call.path === `/chat/slack/link-tokens/${TOKEN}` && call.method === 'GET')
        return { body: { name: 'mali.s' } };
      if (call.path === `/chat/slack/link-tokens/${TOKEN}` && call.method === 'POST') {
        linked = true;
        return { body: { name: 'mali.s' } };
      }
      if (call.path === '/chat/slack/link' && call.method === 'GET')
        return { body: { linked, since: linked ? '2026-11-18T03:00:00.000Z' : null } };
      if (call.path === '/chat/slack/link' && call.method === 'DELETE') return { status: 204, body: null };
      return undefined;
    });
    renderLink('slack');
    expect(await screen.findByRole('heading', { level: 1, name: 'Slack' })).toBeInTheDocument();
    expect(await screen.findByText('Link Slack account mali.s to you?')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(
      await screen.findByText('Slack account mali.s is linked to you. Type /coffee in Slack to order.'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Unlink Slack' }));
    expect(await screen.findByText(/Slack is unlinked/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  });

  it('says a used or expired Slack link is gone, and one cut short is not whole, in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({
      [`GET /chat/slack/link-tokens/${TOKEN}`]: apiError(404, 'NOT_FOUND', 'Chat link was not found.'),
      'GET /chat/slack/link-tokens/abc': CUT_ANSWER,
      'GET /chat/slack/link': { linked: false, since: null },
    });
    renderLink('slack');
    expect(await screen.findByText('ลิงก์นี้หมดอายุหรือถูกใช้แล้ว พิมพ์ /coffee ใน Slack เพื่อรับลิงก์ใหม่')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    cleanup();
    renderLink('slack', 'abc');
    expect(
      await screen.findByText('ลิงก์นี้ไม่ครบ อาจมีบางส่วนหายไปตอนคัดลอก พิมพ์ /coffee ใน Slack เพื่อรับลิงก์ใหม่ แล้วเปิดจากที่นั่น'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ไปที่คาเฟ่' })).toHaveAttribute('href', '/');
  });

  it('takes the address of no chat for a page that is not there, asking the server nothing', async () => {
    const { calls } = mockApi({});
    renderLink('myspace');
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
    expect(calls).toEqual([]);
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

  it('names the Google Chat account and links it when asked; a used Google Chat link is gone, in Thai', async () => {
    const { calls } = mockApi({
      [`GET /chat/google-chat/link-tokens/${TOKEN}`]: { name: 'Mali Chat' },
      [`POST /chat/google-chat/link-tokens/${TOKEN}`]: { name: 'Mali Chat' },
      'GET /chat/google-chat/link': { linked: false, since: null },
      [`GET /chat/google-chat/link-tokens/${'G'.repeat(40)}`]: apiError(404, 'NOT_FOUND', 'Chat link was not found.'),
    });
    renderLink('google-chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Google Chat' })).toBeInTheDocument();
    expect(await screen.findByText('Link Google Chat account Mali Chat to you?')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Link' }));
    expect(
      await screen.findByText(
        'Google Chat account Mali Chat is linked to you. Send “coffee” to the cafe app in Google Chat to order.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/chat/google-chat/link-tokens/${TOKEN}`,
    ]);
    cleanup();
    await loadEverything('th');
    i18n.activate('th');
    renderLink('google-chat', 'G'.repeat(40));
    expect(
      await screen.findByText('ลิงก์นี้หมดอายุหรือถูกใช้แล้ว ส่ง “coffee” ถึงแอปของคาเฟ่ใน Google Chat เพื่อรับลิงก์ใหม่'),
    ).toBeInTheDocument();
  });
});
