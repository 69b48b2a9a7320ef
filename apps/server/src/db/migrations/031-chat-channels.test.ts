import type { ChatChannels } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before LINE and Teams. */
const PREVIOUS_RELEASE = '030-sso-identities';
const NEW_TABLES = ['chat_links', 'chat_link_tokens', 'chat_seen', 'chat_order_messages', 'chat_channel_state'];

/**
 * Migration 031 on a database the release before wrote: every row is kept, the chat tables start
 * empty, and a person from before is linked to Teams by their verified company e-mail.
 */
describe('migration 031: LINE and Teams, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES, {
      env: {
        PUBLIC_URL: 'https://cafe.example.com',
        TEAMS_APP_ID: '0a1b2c3d-0000-4000-8000-00000000cafe',
        TEAMS_APP_PASSWORD: 'teams-app-password-for-the-tests',
      },
    });
    ({ t } = upgrade);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps every row of the release before; the chat tables start empty', async () => {
    await upgrade.expectRowsKept();
    for (const table of NEW_TABLES) expect(await rowsOf(upgrade.db(), table)).toEqual([]);
  });

  it('links a person from before by their verified e-mail, and the admins see them linked', async () => {
    const person = await t.app.ctx.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', '=', upgrade.written.user)
      .executeTakeFirstOrThrow();
    const user = await t.app.ctx.services.chat.actor('teams', {
      externalId: 'aad-before',
      name: 'Before',
      verifiedEmail: person.email,
    });
    expect(user).toMatchObject({ id: person.id });
    const admin = await t.createUser({ role: 'admin' });
    const res = await t.request('GET', '/api/admin/chat-channels', admin);
    expect(res.json<ChatChannels>().channels.find((c) => c.channel === 'teams')?.linked).toBe(1);
  });
});
