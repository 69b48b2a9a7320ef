import type { SecondFactorPolicy, SecondFactors, TokenPair } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before the second factor. */
const PREVIOUS_RELEASE = '027-prep-target';
// security_settings is new too, with its one row (nobody asked): checked below.
const NEW_TABLES = ['second_factors', 'recovery_codes', 'second_factor_challenges'];

/**
 * Migration 028 on a database the release before wrote: every row reads back as it was, nobody has
 * a second factor, nobody is asked for one, and the people of before sign in as they did.
 */
describe('migration 028: the second factor, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES);
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps every row, and adds no factor, code or challenge', async () => {
    await upgrade.expectRowsKept();
    expect(await rowsOf(upgrade.db(), 'second_factors')).toEqual([]);
    expect(await rowsOf(upgrade.db(), 'recovery_codes')).toEqual([]);
  });

  it('asks no one for a second factor', async () => {
    const settings = await rowsOf(upgrade.db(), 'security_settings');
    expect(settings.map((row) => Number(row.second_factor_for_staff))).toEqual([0]);
    const admin = await t.createUser({ role: 'admin' });
    const policy = await t.request('GET', '/api/auth/second-factor-policy', admin);
    expect(policy.json<SecondFactorPolicy>()).toEqual({ requiredForStaff: false });
  });

  it('lets the people of before sign in with their password alone, as before', async () => {
    const res = await t.request('POST', '/api/auth/v2/login', undefined, {
      email: 'bea@example.com',
      password: 'password-123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json<TokenPair>();
    const factors = await t.app.inject({
      url: '/api/auth/second-factors',
      headers: { authorization: `Bearer ${pair.accessToken}` },
    });
    expect(factors.json<SecondFactors>()).toMatchObject({ factors: [], recoveryCodesLeft: 0, hasPassword: true });
  });
});
