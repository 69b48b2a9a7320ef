import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBarWithOneDrink, startServerProcess, type ServerProcess } from '../../test-support/server-process';

/**
 * A deleted person's remark must not stay readable in the SQLite file: not in the free space of
 * its pages (secure_delete) nor in the write-ahead log (checkpointed and truncated after the
 * deletion). The real server on a file of its own; the files are read as bytes, as anyone with a
 * copy of them (a backup, a stolen disk) could. SQLite only: PostgreSQL's storage is its own.
 */
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const PERSON = { name: 'Somchai Erased', email: 'somchai@example.com', password: 'a long passphrase for somchai 7' };
const REMARK = 'ZEBRA-quokka-7f3a9c allergic to hazelnut';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("a deleted person's data in the SQLite file", () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'cafe-erasure-'));
  let server: ServerProcess | undefined;
  const files = () => [path.join(workDir, 'cafe.db'), path.join(workDir, 'cafe.db-wal')];
  const holding = (text: string) =>
    files().filter((file) => existsSync(file) && readFileSync(file).includes(Buffer.from(text, 'utf8')));

  beforeAll(async () => {
    server = await startServerProcess({
      DATA_DIR: workDir,
      WEB_DIST: path.join(workDir, 'no-web'),
      DEMO: 'off',
      JWT_SECRET: 'erasure-test-secret-erasure-test-secret',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BAR_ONLINE_ORDERING: 'on',
      LOCATION_CHECK: 'off',
      RATE_LIMIT: 'off',
      OPENING_HOURS: 'off',
      LOG_LEVEL: 'warn',
    });
  });

  afterAll(async () => {
    await server?.kill();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('keeps no trace of the remark in the database file or its write-ahead log', async () => {
    const { api, login } = server as ServerProcess;
    const adminToken = await login(ADMIN.email, ADMIN.password);
    const { baristaToken, itemId } = await openBarWithOneDrink(server as ServerProcess, adminToken);
    const registered = await api('POST', '/api/auth/register', undefined, PERSON);
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const token = await login(PERSON.email, PERSON.password);
    const order = await api<{ id: number }>('POST', '/api/order', token, {
      menu_id: itemId,
      tumblerImage: 'Mojito',
      remark: REMARK,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    for (const status of ['in-progress', 'done']) {
      expect((await api('PATCH', `/api/order/barista/${order.body.id}`, baristaToken, { status })).status).toBe(200);
    }
    expect((await api('PATCH', `/api/order/${order.body.id}`, token, { status: 'picked' })).status).toBe(200);
    // The remark is written to disk (so the test can see it at all).
    expect(holding(REMARK)).not.toEqual([]);

    const deleted = await api('DELETE', '/api/user/me', token, { confirm: PERSON.email });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);

    expect(holding(REMARK)).toEqual([]);
    // The order stays in the statistics, without the remark.
    const history = await api<{ id: number; remark: string }[]>('GET', '/api/order/history/barista', baristaToken);
    expect(history.status).toBe(200);
  });
});
