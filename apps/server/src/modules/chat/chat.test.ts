import type { ChatChannels, ChatLinkPreview, ChatLinkStatus } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { say } from '../../lib/people-texts';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

const TEAMS = {
  TEAMS_APP_ID: '0a1b2c3d-0000-4000-8000-00000000cafe',
  TEAMS_APP_PASSWORD: 'teams-app-password-for-the-tests',
};
const LINE = {
  LINE_CHANNEL_SECRET: 'line-channel-secret-for-the-tests',
  LINE_CHANNEL_ACCESS_TOKEN: 'line-channel-access-token-for-the-tests',
};

/**
 * What LINE and Teams share (chat.service.ts): who a platform's account is, linked by its verified
 * company e-mail or a one-time link opened while signed in; unlinking that stays unlinked; the
 * admins' page of every chat channel, which never shows a secret.
 */
describe('chat channels: linking and the admins’ page', () => {
  let t: TestApp;
  let person: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cafe.example.com', ...TEAMS, ...LINE } });
    person = await t.createUser({ email: 'somchai@example.com', name: 'Somchai' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  const chat = () => t.app.ctx.services.chat;
  const linkOf = (refused: { refused: { id: string; values?: unknown } }) => {
    const url = (refused.refused.values as { url: string }).url;
    expect(url).toMatch(/^https:\/\/cafe\.example\.com\/(line|teams)\/link\/[A-Za-z0-9_-]{40,}$/);
    return url.split('/').pop() ?? '';
  };

  it('links a Teams account by the company e-mail Entra ID verified, and no other', async () => {
    const user = await chat().actor('teams', {
      externalId: 'aad-1',
      name: 'Somchai',
      verifiedEmail: 'Somchai@Example.com',
    });
    expect(user).toMatchObject({ id: person.id });
    const stranger = await chat().actor('teams', {
      externalId: 'aad-2',
      name: 'Guest',
      verifiedEmail: 'somchai@elsewhere.com',
    });
    expect('refused' in stranger && stranger.refused.id).toBe('people.teams.link.notLinked');
    const status = await t.request('GET', '/api/chat/teams/link', person);
    expect(status.json<ChatLinkStatus>()).toMatchObject({ linked: true });
  });

  it('links a LINE account by a one-time link opened while signed in, once, in the channel’s words', async () => {
    const other = await t.createUser({ name: 'Nok' });
    const refused = await chat().actor('line', { externalId: 'U-line-nok', name: 'Nok on LINE' });
    if (!('refused' in refused)) throw new Error('an unlinked LINE account was let in');
    expect(say('th', refused.refused as never)).toContain('LINE');
    const token = linkOf(refused);
    const preview = await t.request('GET', `/api/chat/line/link-tokens/${token}`, other);
    expect(preview.json<ChatLinkPreview>()).toEqual({ name: 'Nok on LINE' });
    const linked = await t.request('POST', `/api/chat/line/link-tokens/${token}`, other);
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await t.request('POST', `/api/chat/line/link-tokens/${token}`, other)).statusCode).toBe(404);
    // The same token is no Teams link.
    expect((await t.request('GET', `/api/chat/teams/link-tokens/${token}`, other)).statusCode).toBe(404);
    expect(await chat().actor('line', { externalId: 'U-line-nok', name: 'Nok' })).toMatchObject({ id: other.id });
    expect((await t.request('GET', '/api/chat/teams/link', other)).json<ChatLinkStatus>()).toEqual({
      linked: false,
      since: null,
    });
  });

  it('answers a link cut short when copied with 400 and the people message to word it, never only the rule', async () => {
    const cut = 'abc';
    for (const path of [`/api/chat/line/link-tokens/${cut}`, `/api/chat/teams/link-tokens/${cut}`]) {
      const answer = await t.request('GET', path, person);
      expect(answer.statusCode, path).toBe(400);
      const body = answer.json<{ code: string; messageId?: string }>();
      expect(body, path).toMatchObject({ code: 'VALIDATION', messageId: 'people.link.notWhole' });
      expect(say('th', { id: body.messageId ?? '' })).toContain('ลิงก์นี้ไม่ครบ');
    }
    const posted = await t.request('POST', `/api/chat/line/link-tokens/${cut}`, person);
    expect(posted.json<{ messageId?: string }>().messageId).toBe('people.link.notWhole');
  });

  it('keeps an unlinked account unlinked: its verified e-mail does not link it again, a new one-time link does', async () => {
    expect((await t.request('DELETE', '/api/chat/teams/link', person)).statusCode).toBe(204);
    expect((await t.request('DELETE', '/api/chat/teams/link', person)).statusCode).toBe(404);
    const again = await chat().actor('teams', {
      externalId: 'aad-1',
      name: 'Somchai',
      verifiedEmail: 'somchai@example.com',
    });
    if (!('refused' in again)) throw new Error('an unlinked account was linked again by its e-mail');
    expect(again.refused.id).toBe('people.teams.link.revoked');
    const token = linkOf(again);
    expect((await t.request('POST', `/api/chat/teams/link-tokens/${token}`, person)).statusCode).toBe(200);
    expect(await chat().actor('teams', { externalId: 'aad-1', name: 'Somchai' })).toMatchObject({ id: person.id });
  });

  it('tells an account that is no longer active so, and does nothing for it', async () => {
    const leaving = await t.createUser({ email: 'leaving@example.com' });
    expect(await chat().actor('teams', { externalId: 'aad-9', name: 'L', verifiedEmail: leaving.email })).toMatchObject(
      {
        id: leaving.id,
      },
    );
    const off = await t.request('PATCH', `/api/user/${leaving.id}`, admin, { isAvailable: 'unavailable' });
    expect(off.statusCode, off.body).toBe(200);
    const gone = await chat().actor('teams', { externalId: 'aad-9', name: 'L' });
    expect('refused' in gone && gone.refused.id).toBe('people.teams.link.accountGone');
  });

  it('shows admins each channel on or off, its settings set or not and never their values, its people', async () => {
    expect((await t.request('GET', '/api/admin/chat-channels', person)).statusCode).toBe(403);
    await chat().deliveryFailed('teams', 'Teams answered 403: the bot is not in the conversation');
    await chat().pushed('line');
    await chat().pushed('line');
    const res = await t.request('GET', '/api/admin/chat-channels', admin);
    expect(res.statusCode, res.body).toBe(200);
    for (const secret of [...Object.values(TEAMS), ...Object.values(LINE)]) expect(res.body).not.toContain(secret);
    const { channels } = res.json<ChatChannels>();
    const [slack, line, teams] = channels;
    expect(channels.map((c) => [c.channel, c.on])).toEqual([
      ['slack', false],
      ['line', true],
      ['teams', true],
      ['google-chat', false],
    ]);
    expect(slack?.settings.find((s) => s.name === 'SLACK_SIGNING_SECRET')).toEqual({
      name: 'SLACK_SIGNING_SECRET',
      set: false,
      secret: true,
    });
    expect(line?.settings.filter((s) => s.set).map((s) => s.name)).toEqual([
      'LINE_CHANNEL_SECRET',
      'LINE_CHANNEL_ACCESS_TOKEN',
    ]);
    // Somchai on Teams (the leaver's link is not counted); Nok on LINE.
    expect([line?.linked, teams?.linked]).toEqual([1, 1]);
    expect(line?.pushesThisMonth).toBe(2);
    expect(teams?.lastError?.message).toBe('Teams answered 403: the bot is not in the conversation');
    expect(line?.lastError).toBeNull();
  });
});

describe('chat channels that are not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cafe.example.com', ...TEAMS } });
  });
  afterAll(() => t.close());

  it('answer 404 for the channel that is off, and 400 for one that does not exist', async () => {
    const person = await t.createUser();
    expect((await t.request('GET', '/api/chat/line/link', person)).statusCode).toBe(404);
    expect((await t.request('GET', '/api/chat/teams/link', person)).statusCode).toBe(200);
    expect((await t.request('GET', '/api/chat/webex/link', person)).statusCode).toBe(400);
    expect((await t.request('GET', '/api/chat/teams/link')).statusCode).toBe(401);
  });
});
