import type { Config } from '../config';
import type { Db } from './types';

/**
 * Makes every process on one database use the same JWT secret and VAPID keys. The first process
 * stores its values (an existing DATA_DIR file or freshly made ones); later and concurrent starts
 * lose the insert race and read the stored values back. Environment variables still win.
 */
export async function resolveSecrets(db: Db, config: Config): Promise<void> {
  const fixed = config.fixedSecrets ?? { jwt: false, vapid: false };
  if (!fixed.jwt && config.jwtSecret) {
    config.jwtSecret = await storeOnce(db, 'jwt_secret', config.jwtSecret);
  }
  if (!fixed.vapid && config.vapid.publicKey) {
    const mine = JSON.stringify({ publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey });
    const stored = JSON.parse(await storeOnce(db, 'vapid_keys', mine)) as { publicKey: string; privateKey: string };
    config.vapid = { ...config.vapid, publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
}

async function storeOnce(db: Db, name: string, value: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
