import type { TokenPair } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * The identity providers a person can come from (ASVS 6.8.1): the company's OpenID Connect
 * provider (its issuer and sub), LINE and Teams (the channel and the account's id there). Each
 * names its people in its own namespace, so the same id at another provider is nobody here.
 */
describe('identities at several providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://cafe.example.com',
        TEAMS_APP_ID: '0a1b2c3d-0000-4000-8000-00000000cafe',
        TEAMS_APP_PASSWORD: 'teams-app-password-for-the-tests',
        LINE_CHANNEL_SECRET: 'line-channel-secret-for-the-tests',
        LINE_CHANNEL_ACCESS_TOKEN: 'line-channel-access-token-for-the-tests',
      },
    });
  });
  afterAll(() => t.close());

  const chat = () => t.app.ctx.services.chat;
  /** The id every provider below uses for someone: the same string at each. */
  const SAME_ID = 'U4af4980629-same-id-everywhere';

  it('keeps the same id at LINE, Teams and the company provider three different people', async () => {
    const lineOwner = await t.createUser({ name: 'Line Owner' });
    const teamsOwner = await t.createUser({ email: 'teams.owner@example.com', name: 'Teams Owner' });

    // LINE: linked by a one-time link its owner opened while signed in.
    const refused = await chat().actor('line', { externalId: SAME_ID, name: 'Line Owner' });
    if (!('refused' in refused)) throw new Error('an unlinked LINE account was let in');
    const token = (refused.refused.values as { url: string }).url.split('/').pop() ?? '';
    expect((await t.request('POST', `/api/chat/line/link-tokens/${token}`, lineOwner)).statusCode).toBe(200);
    expect(await chat().actor('line', { externalId: SAME_ID, name: 'Line Owner' })).toMatchObject({
      id: lineOwner.id,
    });

    // Teams: the same id is not the LINE account's person; without an e-mail Entra ID verified it is nobody.
    const stranger = await chat().actor('teams', { externalId: SAME_ID, name: 'Someone' });
    expect('refused' in stranger && stranger.refused.id).toBe('people.teams.link.notLinked');
    // With its owner's verified company e-mail it is that owner, and LINE's stays LINE's.
    expect(
      await chat().actor('teams', { externalId: SAME_ID, name: 'Teams Owner', verifiedEmail: teamsOwner.email }),
    ).toMatchObject({ id: teamsOwner.id });
    expect(await chat().actor('line', { externalId: SAME_ID, name: 'Line Owner' })).toMatchObject({
      id: lineOwner.id,
    });

    // The company's provider: its sub, the same string, with an address of its own, is a third person.
    const pair: TokenPair = await t.app.ctx.services.auth.signInSingleSignOn({
      issuer: 'https://idp.example.com',
      subject: SAME_ID,
      email: 'sso.person@example.com',
      name: 'Sso Person',
    });
    const me = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${pair.accessToken}` } });
    expect(me.json<{ id: number; email: string }>()).toMatchObject({ email: 'sso.person@example.com' });
    expect([lineOwner.id, teamsOwner.id]).not.toContain(me.json<{ id: number }>().id);

    // Each link is recorded under its provider: the channel (or the issuer) and the id there.
    const links = await t.app.ctx.db
      .selectFrom('chat_links')
      .select(['channel', 'external_id', 'user_id'])
      .orderBy('channel')
      .execute();
    expect(links).toEqual([
      { channel: 'line', external_id: SAME_ID, user_id: lineOwner.id },
      { channel: 'teams', external_id: SAME_ID, user_id: teamsOwner.id },
    ]);
    const identities = await t.app.ctx.db.selectFrom('sso_identities').select(['issuer', 'subject']).execute();
    expect(identities).toEqual([{ issuer: 'https://idp.example.com', subject: SAME_ID }]);
  });
});
