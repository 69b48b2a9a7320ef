import type { SessionList, TokenPair } from '@cafe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashRefreshToken } from '../../lib/tokens';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before sessions had their facts. */
const PREVIOUS_RELEASE = '028-second-factor';
const SIGNED_IN = '2026-11-01T08:00:00.000Z';
const ROTATED = '2026-11-10T08:00:00.000Z';
const LIVE_TOKEN = 'a-refresh-token-of-the-release-before-0001';

/**
 * Migration 029 on a database the release before wrote, with a session of a person that was
 * rotated once and a session of an account made by single sign-on: every row is kept, each token
 * counts its session from its family's sign-in, and the live one rotates and is listed.
 */
describe('migration 029: session facts, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  let ssoUser = 0;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, [], {
      extra: async (db, written) => {
        const insert = async (userId: number, family: string, token: string, at: string, revoked: string | null) => {
          await sql`insert into refresh_tokens (user_id, family_id, token_hash, expires_at, revoked_at, replaced_by, created_at)
            values (${userId}, ${family}, ${hashRefreshToken(token)}, '2026-12-10T08:00:00.000Z', ${revoked}, null, ${at})`.execute(
            db,
          );
        };
        await insert(written.user, 'family-somchai', 'rotated-away', SIGNED_IN, ROTATED);
        await insert(written.user, 'family-somchai', LIVE_TOKEN, ROTATED, null);
        const { rows } = await sql<{
          id: number;
        }>`insert into users (name, email, password_hash, role, created_at, updated_at)
          values ('Sso Person', 'sso.person@example.com', '!', 'user', ${SIGNED_IN}, ${SIGNED_IN}) returning id`.execute(
          db,
        );
        ssoUser = Number(rows[0]?.id);
        await insert(ssoUser, 'family-sso', 'sso-token', ROTATED, null);
      },
    });
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it("keeps every row, and dates each token's session from its family's sign-in", async () => {
    await upgrade.expectRowsKept();
    const tokens = await rowsOf(upgrade.db(), 'refresh_tokens');
    const facts = (family: string) =>
      tokens
        .filter((row) => row.family_id === family)
        .map((row) => [row.session_started_at, row.sign_in_method, row.user_agent]);
    expect(facts('family-somchai')).toEqual([
      [SIGNED_IN, 'password', null],
      [SIGNED_IN, 'password', null],
    ]);
    expect(facts('family-sso')).toEqual([[ROTATED, 'sso', null]]);
  });

  it('rotates the live token of before and lists its session from the sign-in', async () => {
    const res = await t.request('POST', '/api/auth/refresh-token', undefined, { refreshToken: LIVE_TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json<TokenPair>();
    const listed = await t.app.inject({
      url: '/api/auth/sessions',
      headers: { authorization: `Bearer ${pair.accessToken}` },
    });
    const body = listed.json<SessionList>();
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({
      createdAt: SIGNED_IN,
      current: true,
      signInMethod: 'password',
      device: { label: 'Unknown device' },
    });
  });
});
