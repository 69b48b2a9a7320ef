import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackReceiver } from '../../test-support/receivers';
import { coffeeCommand, sendCommand, SIGNING_SECRET, SLACK_TOKEN, TEAM } from '../../test-support/slack-fixtures';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before the Slack app. */
const PREVIOUS_RELEASE = '019-request-keys';
/** Where the Slack app keeps what it keeps: its own tables, the chat tables since migration 034. */
const NEW_TABLES = ['chat_links', 'chat_link_tokens', 'chat_seen', 'chat_order_messages'];

/**
 * Migration 022 on a database the release before wrote: every row is kept, the Slack app starts
 * with nothing, and a person from before is linked by their confirmed e-mail on their first command.
 */
describe('migration 022: the Slack app, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
  const profiles: Record<string, { email?: string; confirmed?: boolean; name?: string }> = {};
  beforeAll(async () => {
    slack = await startSlackReceiver({ token: SLACK_TOKEN, people: {}, team: TEAM, profiles });
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES, {
      env: {
        PUBLIC_URL: 'https://cafe.example.com',
        SLACK_BOT_TOKEN: SLACK_TOKEN,
        SLACK_API_URL: slack.apiUrl,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
      },
    });
    ({ t } = upgrade);
  });
  afterAll(async () => {
    await t.close();
    await slack.close();
  });

  it('keeps every row of the release before; the Slack app starts with nothing', async () => {
    await upgrade.expectRowsKept();
    for (const table of NEW_TABLES) expect(await rowsOf(upgrade.db(), table)).toEqual([]);
  });

  it('links a person from before by their confirmed e-mail on their first /coffee', async () => {
    const person = await t.app.ctx.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', '=', upgrade.written.user)
      .executeTakeFirstOrThrow();
    profiles.U0BEFORE = { email: person.email, confirmed: true, name: 'Before' };
    const res = await sendCommand(t, coffeeCommand('U0BEFORE'));
    expect(res.statusCode, res.body).toBe(200);
    const links = await t.app.ctx.db
      .selectFrom('chat_links')
      .select(['channel', 'external_id', 'user_id', 'linked_by'])
      .execute();
    expect(links).toEqual([{ channel: 'slack', external_id: 'U0BEFORE', user_id: person.id, linked_by: 'email' }]);
  });
});
