import type { AvoidsAnswer, ErrorBody, Me, UserSearchResult } from '@cafe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The last release before consent to keep what a person avoids (the migrations after it run too). */
const PREVIOUS_RELEASE = '023-fixed-tumbler-deadline';
const NEW_TABLES = ['health_consents'];

/**
 * Migration 024 on a database the release before wrote, where a person and a barista had saved
 * what they avoid: every row is kept (their lists too, as they were), no consent is recorded, and
 * the lists are used nowhere until their owner agrees (then in use) or withdraws (then erased).
 */
describe('migration 024: health-data consent, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES, {
      extra: async (db, written) => {
        await sql`update users set avoids = ${'["milk","peanuts"]'} where id = ${written.user}`.execute(db);
        await sql`update users set avoids = ${'["soy"]'} where id = ${written.barista}`.execute(db);
      },
    });
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  const auth = async (id: number, role: 'user' | 'barista') => ({
    authorization: `Bearer ${await t.app.ctx.tokens.sign(id, role)}`,
  });
  const call = async (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    id: number,
    role: 'user' | 'barista',
    body?: object,
  ) => t.app.inject({ method, url, headers: await auth(id, role), ...(body ? { payload: body } : {}) });

  it('keeps every row of the release before, the lists as they were; no consent is recorded', async () => {
    await upgrade.expectRowsKept();
    const lists = (await rowsOf(upgrade.db(), 'users')).map((row) => row.avoids);
    expect(lists).toEqual(expect.arrayContaining(['["milk","peanuts"]', '["soy"]']));
    expect(await rowsOf(upgrade.db(), 'health_consents')).toEqual([]);
  });

  it('asks a person from before to agree, uses their list nowhere meanwhile, and in use once they agree', async () => {
    const { user, barista } = upgrade.written;
    const me = (await call('GET', '/api/user/me', user, 'user')).json<Me>();
    expect(me).toMatchObject({
      avoids: [],
      avoidsAwaitingConsent: ['milk', 'peanuts'],
      healthConsent: { given: false, version: null, givenAt: null, withdrawnAt: null },
    });
    const found = (await call('GET', '/api/user/search?q=somchai', barista, 'barista')).json<UserSearchResult[]>();
    expect(found).toEqual([expect.objectContaining({ id: user, avoids: [] })]);
    // Saving it as it is, without agreeing, is refused and loses nothing.
    const refused = await call('PUT', '/api/user/me/avoids', user, 'user', { avoids: ['milk', 'peanuts'] });
    expect(refused.json<ErrorBody>().code).toBe('HEALTH_CONSENT_REQUIRED');

    const agreed = await call('PUT', '/api/user/me/avoids', user, 'user', {
      avoids: me.avoidsAwaitingConsent,
      consent: true,
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json<AvoidsAnswer>()).toMatchObject({ avoids: ['milk', 'peanuts'], healthConsent: { given: true } });
    expect((await call('GET', '/api/user/me', user, 'user')).json<Me>()).toMatchObject({
      avoids: ['milk', 'peanuts'],
      avoidsAwaitingConsent: [],
    });
    const now = (await call('GET', '/api/user/search?q=somchai', barista, 'barista')).json<UserSearchResult[]>();
    expect(now).toEqual([expect.objectContaining({ id: user, avoids: ['milk', 'peanuts'] })]);
  });

  it('erases the list of a person from before who withdraws instead', async () => {
    const { barista } = upgrade.written;
    const withdrawn = await call('DELETE', '/api/user/me/health-consent', barista, 'barista');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<AvoidsAnswer>().avoids).toEqual([]);
    const row = (await rowsOf(upgrade.db(), 'users')).find((r) => Number(r.id) === barista);
    expect(row?.avoids).toBe('[]');
    expect((await call('GET', '/api/user/me', barista, 'barista')).json<Me>().avoidsAwaitingConsent).toEqual([]);
  });
});
