import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before one chat budget across processes. */
const PREVIOUS_RELEASE = '035-placement-guards';

/** Migration 036 on a database the release before wrote: every row is kept, and the chat budget starts empty. */
describe('migration 036: the chat budget, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, ['chat_pace']);
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps every row and adds an empty chat_pace', async () => {
    await upgrade.expectRowsKept();
    expect((await rowsOf(upgrade.db(), 'orders')).length).toBeGreaterThan(0);
    expect(await rowsOf(upgrade.db(), 'chat_pace')).toEqual([]);
  });
});
