import { createHash } from 'node:crypto';
import type { ChatLinkStatus, SlackLinkPreview } from '@cafe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackSignature } from '../../modules/slack/slack.verify';
import { startSlackReceiver } from '../../test-support/receivers';
import { coffeeCommand, SIGNING_SECRET, SLACK_TOKEN, TEAM } from '../../test-support/slack-fixtures';
import type { TestApp, TestUser } from '../../test-support/test-app';
import { NOW, rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before Slack moved onto the chat tables. */
const PREVIOUS_RELEASE = '033-promises';
const SLACK_TABLES = ['slack_links', 'slack_link_tokens', 'slack_seen_requests', 'slack_order_messages'];
/** A one-time link the release before sent, not used yet; only its SHA-256 was stored. */
const TOKEN = 'b'.repeat(43);
const TOKEN_HASH = createHash('sha256').update(TOKEN).digest('hex');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const FORM = 'application/x-www-form-urlencoded';
/** A `/coffee` Slack sent a minute before the upgrade, and its signature, which the release before saw. */
const SEEN_TIMESTAMP = String(Math.floor(NOW.getTime() / 1000) - 60);
const SEEN_BODY = coffeeCommand('U0BEFORE');

/**
 * Migration 034 on a database the release before wrote, with Slack's own tables in use: a link, a
 * revoked link, a one-time link, a request seen and an order's message. After it each reads back
 * the same through the chat module (and the Slack app and its old routes), Slack's tables are gone,
 * and every other row, LINE's link among them, is as it was.
 */
describe('migration 034: Slack on the chat tables, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
  /** A person the release before wrote, signed in. */
  const who = async (id: number): Promise<TestUser> => {
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const token = await t.app.ctx.tokens.sign(row.id, row.role);
    return { ...row, password: '', token, auth: { authorization: `Bearer ${token}` } };
  };

  beforeAll(async () => {
    slack = await startSlackReceiver({ token: SLACK_TOKEN, people: {}, team: TEAM, profiles: {} });
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, [], {
      env: {
        PUBLIC_URL: 'https://cafe.example.com',
        SLACK_BOT_TOKEN: SLACK_TOKEN,
        SLACK_API_URL: slack.apiUrl,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_TEAM_ID: TEAM,
      },
      extra: async (db, { user, barista, order }) => {
        const signature = slackSignature(SIGNING_SECRET, SEEN_TIMESTAMP, SEEN_BODY);
        await sql`insert into slack_links (slack_user_id, team_id, user_id, linked_by, created_at, revoked_at)
          values ('U0BEFORE', ${TEAM}, ${user}, 'email', ${at(-600)}, null),
            ('U0BARISTA', ${TEAM}, ${barista}, 'link', ${at(-500)}, ${at(-400)})`.execute(db);
        await sql`insert into slack_link_tokens (token_hash, slack_user_id, team_id, slack_name, expires_at, used_at)
          values (${TOKEN_HASH}, 'U0NEWCOMER', ${TEAM}, 'Noor (Slack)', ${at(10)}, null)`.execute(db);
        await sql`insert into slack_seen_requests (signature, seen_at) values (${signature}, ${at(-1)})`.execute(db);
        await sql`insert into slack_order_messages (order_id, user_id, site_id, channel, ts, open)
          values (${order}, ${user}, 1, 'D0BEFORE', '1763600000.000100', 1)`.execute(db);
        // LINE's link of the same person, on the chat tables already: untouched.
        await sql`insert into chat_links (channel, external_id, user_id, display_name, linked_by, created_at)
          values ('line', 'Uline0before', ${user}, 'Somchai on LINE', 'link', ${at(-300)})`.execute(db);
      },
    });
    ({ t } = upgrade);
  });
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  it("keeps every other row as it was; Slack's own tables are gone", async () => {
    expect(upgrade.tables).toEqual(expect.arrayContaining(SLACK_TABLES));
    await upgrade.expectRowsKept();
    for (const table of SLACK_TABLES) await expect(rowsOf(upgrade.db(), table)).rejects.toThrow();
    const line = await t.app.ctx.services.chat.externalIdOf('line', upgrade.written.user);
    expect(line).toBe('Uline0before');
  });

  it('reads the links back through the chat module: linked, since when, and the revoked one still revoked', async () => {
    const { chat } = t.app.ctx.services;
    const person = await who(upgrade.written.user);
    const barista = await who(upgrade.written.barista);
    const status = async (url: string, person: TestUser) =>
      (await t.request('GET', url, person)).json<ChatLinkStatus>();
    expect(await status('/api/chat/slack/link', person)).toEqual({ linked: true, since: at(-600) });
    expect(await status('/api/slack/link', person)).toEqual({ linked: true, since: at(-600) });
    expect(await chat.externalIdOf('slack', person.id)).toBe('U0BEFORE');
    expect(await status('/api/chat/slack/link', barista)).toEqual({ linked: false, since: null });
    // Revoked stays revoked: the workspace's confirmed e-mail does not link it again.
    const again = await chat.actor('slack', { externalId: 'U0BARISTA', name: 'Bea', verifiedEmail: barista.email });
    expect(again).toMatchObject({ refused: { id: 'people.chat.link.revoked' } });
    // The data download names the workspace, as it did.
    const exported = await t.request('GET', '/api/user/me/export', person);
    expect(exported.json<{ chatLinks: unknown[] }>().chatLinks).toEqual([
      {
        service: 'slack',
        workspaceId: TEAM,
        userId: 'U0BEFORE',
        linkedBy: 'email',
        linkedAt: at(-600),
        revokedAt: null,
      },
      expect.objectContaining({ service: 'line', workspaceId: null, userId: 'Uline0before' }),
    ]);
    expect(await t.app.ctx.services.chat.channels()).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: 'slack', linked: 1 })]),
    );
  });

  it('opens the one-time link sent before, on the chat route and the Slack route of before, once', async () => {
    const newcomer = await t.createUser({ name: 'Noor' });
    const preview = await t.request('GET', `/api/chat/slack/link-tokens/${TOKEN}`, newcomer);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ name: 'Noor (Slack)' });
    const linked = await t.request('POST', `/api/slack/link-tokens/${TOKEN}`, newcomer);
    expect(linked.json<SlackLinkPreview>()).toEqual({ slackName: 'Noor (Slack)' });
    expect((await t.request('POST', `/api/chat/slack/link-tokens/${TOKEN}`, newcomer)).statusCode).toBe(404);
    expect(await t.app.ctx.services.chat.externalIdOf('slack', newcomer.id)).toBe('U0NEWCOMER');
  });

  it('refuses the request seen before the upgrade as a replay, and serves the linked person', async () => {
    const headers = {
      'content-type': FORM,
      'x-slack-request-timestamp': SEEN_TIMESTAMP,
      'x-slack-signature': slackSignature(SIGNING_SECRET, SEEN_TIMESTAMP, SEEN_BODY),
    };
    const replay = await t.app.inject({ method: 'POST', url: '/api/slack/commands', payload: SEEN_BODY, headers });
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ message: string }>().message).toMatch(/replay/);
    const fresh = coffeeCommand('U0BEFORE');
    const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    const signature = slackSignature(SIGNING_SECRET, timestamp, fresh);
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/slack/commands',
      payload: fresh,
      headers: { ...headers, 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signature },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    // Somchai, linked before: told of their usual (none saved), not asked to link.
    expect(answered.json<{ text: string }>().text).toMatch(/no usual yet/);
  });

  it("keeps the order's Slack message, and updates it there as the order moves", async () => {
    const { order, user } = upgrade.written;
    expect(await t.app.ctx.services.chat.messageOf(order)).toMatchObject({
      channel: 'slack',
      userId: user,
      reference: { channel: 'D0BEFORE', ts: '1763600000.000100' },
    });
    const [row] = await t.app.ctx.db.selectFrom('chat_order_messages').selectAll().execute();
    expect(row?.created_at).toBe(
      (await t.app.ctx.db.selectFrom('orders').select('order_date').where('id', '=', order).executeTakeFirst())
        ?.order_date,
    );
    const barista = await who(upgrade.written.barista);
    const done = await t.request('PATCH', `/api/order/barista/${order}`, barista, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    await t.app.ctx.services.slack.settled();
    const update = slack.calls.find((c) => c.method === 'chat.update');
    expect(update?.params).toMatchObject({ channel: 'D0BEFORE', ts: '1763600000.000100' });
  });
});
