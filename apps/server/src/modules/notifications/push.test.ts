import { createDecipheriv, createECDH, createPublicKey, createVerify, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order, PushMessage } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SITE_NAME } from '../../db/migrations/009-sites';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

// ---------- a push service of our own, on 127.0.0.1 ----------

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Stands in for a browser vendor's push service: records every request, answers `statusFor(path)`. */
async function startPushService() {
  const received: Received[] = [];
  const statusFor = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusFor.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    statusFor,
    for: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------- a browser's side of a subscription ----------

/** What a browser holds: its P-256 key pair and auth secret, and the subscription it sends. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** RFC 8291 + RFC 8188 (aes128gcm), the receiving side: what the service worker would read. */
function decrypt(body: Buffer, browser: ReturnType<typeof browserKeys>): PushMessage {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8')) as PushMessage;
}

/** The VAPID JWT of an Authorization header `vapid t=<jwt>, k=<public key>`, verified with k. */
function verifyVapid(header: string | undefined, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(match, `Authorization header: ${header}`).not.toBeNull();
  const [, jwt = '', k = ''] = match ?? [];
  expect(k).toBe(publicKey);
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  // ES256: a raw r||s signature (IEEE P1363), not DER.
  const ok = createVerify('sha256')
    .update(`${head}.${claims}`)
    .verify({ key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
}

// ---------- the tests ----------

describe('web push', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let nextId = 0;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    barista = await t.createUser({ role: 'barista', name: 'Bea' });
    push = await startPushService();
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const subscriptions = (endpoint: string) =>
    t.app.ctx.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();

  /** A new browser subscribed for `who` against the local push service. */
  async function subscribe(who: TestUser) {
    nextId += 1;
    const path = `/push/${nextId}`;
    const browser = browserKeys();
    const endpoint = `${push.base}${path}`;
    const res = await t.request('POST', '/api/push/subscription', who, { endpoint, keys: browser.keys });
    expect(res.statusCode).toBe(201);
    return { path, endpoint, browser };
  }

  async function orderFor(who: TestUser): Promise<Order> {
    const res = await placeOrder(t, who, cafeOrderBody(menu.latte, image));
    expect(res.statusCode).toBe(201);
    return res.json<Order>();
  }

  async function finish(order: Order): Promise<void> {
    expect((await baristaPatch(t, barista, order.id, { status: 'in-progress' })).statusCode).toBe(200);
    expect((await baristaPatch(t, barista, order.id, { status: 'done' })).statusCode).toBe(200);
    await t.app.ctx.services.notifications.deliverDue();
  }

  describe('public key', () => {
    it('gives the VAPID public key without a token', async () => {
      const res = await t.request('GET', '/api/push/public-key');
      expect(res.statusCode).toBe(200);
      const { publicKey } = res.json<{ publicKey: string }>();
      expect(publicKey).toBe(t.config.vapid.publicKey);
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    });
  });

  describe('subscriptions', () => {
    it('needs a signed-in caller', async () => {
      const res = await t.request('POST', '/api/push/subscription', undefined, {
        endpoint: 'https://push.example.com/a',
        keys: browserKeys().keys,
      });
      expect(res.statusCode).toBe(401);
      const del = await t.request('DELETE', '/api/push/subscription', undefined, {
        endpoint: 'https://push.example.com/a',
      });
      expect(del.statusCode).toBe(401);
    });

    it('refuses what is not a subscription with 400 naming the field', async () => {
      const user = await t.createUser();
      const keys = browserKeys().keys;
      const bad: [unknown, string][] = [
        [{ endpoint: 'ftp://push.example.com/a', keys }, 'endpoint'],
        [{ endpoint: 'not a url', keys }, 'endpoint'],
        [{ endpoint: `https://push.example.com/${'a'.repeat(2048)}`, keys }, 'endpoint'],
        [{ endpoint: 'https://push.example.com/a' }, 'keys'],
        [{ endpoint: 'https://push.example.com/a', keys: { ...keys, p256dh: 'a'.repeat(256) } }, 'p256dh'],
        [{ endpoint: 'https://push.example.com/a', keys: { ...keys, auth: 'not base64 !' } }, 'auth'],
        [{ endpoint: 'https://push.example.com/a', keys: { ...keys, auth: '' } }, 'auth'],
      ];
      for (const [body, field] of bad) {
        const res = await t.request('POST', '/api/push/subscription', user, body as Record<string, unknown>);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'VALIDATION' });
        expect(res.json<{ message: string }>().message).toContain(field);
      }
      const del = await t.request('DELETE', '/api/push/subscription', user, { endpoint: 'nope' });
      expect(del.statusCode).toBe(400);
    });

    it("only takes the https address of a browser's push service, unless configured otherwise", async () => {
      const strict = await createTestApp({ env: { PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com,push.apple.com' } });
      try {
        const user = await strict.createUser();
        const keys = browserKeys().keys;
        for (const endpoint of [
          'http://127.0.0.1:8080/admin',
          'https://intranet.example.com/hook',
          'http://fcm.googleapis.com/fcm/send/x',
          'https://fcm.googleapis.com.evil.example/x',
        ]) {
          const res = await strict.request('POST', '/api/push/subscription', user, { endpoint, keys });
          expect(res.statusCode, endpoint).toBe(400);
          expect(res.json<{ message: string }>().message).toContain('endpoint');
        }
        for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://web.push.apple.com/QGx']) {
          const res = await strict.request('POST', '/api/push/subscription', user, { endpoint, keys });
          expect(res.statusCode, endpoint).toBe(201);
        }
      } finally {
        await strict.close();
      }
    });

    it('saves a subscription for the caller, updates it in place, and forgets it on DELETE', async () => {
      const user = await t.createUser();
      const endpoint = 'https://push.example.com/send/abc';
      const first = browserKeys().keys;
      expect((await t.request('POST', '/api/push/subscription', user, { endpoint, keys: first })).statusCode).toBe(201);
      const second = browserKeys().keys;
      // A browser's toJSON() also carries expirationTime; it is accepted and ignored.
      const again = await t.request('POST', '/api/push/subscription', user, {
        endpoint,
        expirationTime: null,
        keys: second,
      });
      expect(again.statusCode).toBe(201);
      const rows = await subscriptions(endpoint);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: user.id, p256dh: second.p256dh, auth: second.auth });

      expect((await t.request('DELETE', '/api/push/subscription', user, { endpoint })).statusCode).toBe(204);
      expect(await subscriptions(endpoint)).toHaveLength(0);
      // Already gone: still 204 (the browser may unsubscribe after the server dropped it).
      expect((await t.request('DELETE', '/api/push/subscription', user, { endpoint })).statusCode).toBe(204);
    });

    it("moves an endpoint to whoever subscribes with it, and keeps people off someone else's", async () => {
      const before = await t.createUser();
      const after = await t.createUser();
      const endpoint = 'https://push.example.com/send/shared-browser';
      const keys = browserKeys().keys;
      await t.request('POST', '/api/push/subscription', before, { endpoint, keys });
      await t.request('POST', '/api/push/subscription', after, { endpoint, keys });
      expect(await subscriptions(endpoint)).toEqual([expect.objectContaining({ user_id: after.id })]);

      const res = await t.request('DELETE', '/api/push/subscription', before, { endpoint });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(await subscriptions(endpoint)).toHaveLength(1);
    });
  });

  describe('delivery', () => {
    it('sends an encrypted, VAPID-signed "ready" notification to the owner when the barista finishes', async () => {
      const owner = await t.createUser();
      const { path, browser } = await subscribe(owner);
      const order = await orderFor(owner);

      expect((await baristaPatch(t, barista, order.id, { status: 'in-progress' })).statusCode).toBe(200);
      await t.app.ctx.services.notifications.deliverDue();
      expect(push.for(path)).toHaveLength(0);

      expect((await baristaPatch(t, barista, order.id, { status: 'done' })).statusCode).toBe(200);
      await t.app.ctx.services.notifications.deliverDue();
      const [request, ...more] = push.for(path);
      expect(more).toHaveLength(0);
      expect(request?.headers['content-encoding']).toBe('aes128gcm');
      expect(request?.headers['content-type']).toBe('application/octet-stream');
      expect(Number(request?.headers.ttl)).toBeGreaterThan(0);
      const claims = verifyVapid(request?.headers.authorization, t.config.vapid.publicKey);
      expect(claims).toMatchObject({ aud: push.base, sub: `mailto:cafe@${t.config.companyEmailDomain}` });

      expect(request?.body.includes(Buffer.from('Latte'))).toBe(false);
      expect(decrypt(request?.body ?? Buffer.alloc(0), browser)).toEqual({
        title: 'Your drink is ready',
        body: `Latte is ready at the cafe counter, ${FIRST_SITE_NAME}. Click "Pick Up" after take your cup`,
        url: '/statusOrder',
      });
    });

    it('tells the owner why the barista rejected the order, with the admin link for an admin', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const { path, browser } = await subscribe(admin);
      const order = await orderFor(admin);
      expect(
        (await baristaPatch(t, barista, order.id, { status: 'rejected', reject_note: 'Out of milk' })).statusCode,
      ).toBe(200);
      await t.app.ctx.services.notifications.deliverDue();
      const [request] = push.for(path);
      expect(decrypt(request?.body ?? Buffer.alloc(0), browser)).toEqual({
        title: 'Order canceled by barista',
        body: `Latte (cafe counter, ${FIRST_SITE_NAME}): Out of milk`,
        url: '/statusOrder-admin',
      });
    });

    it('reaches every browser of the owner and nobody else', async () => {
      const owner = await t.createUser();
      const phone = await subscribe(owner);
      const laptop = await subscribe(owner);
      const other = await subscribe(await t.createUser());
      await finish(await orderFor(owner));
      expect(push.for(phone.path)).toHaveLength(1);
      expect(push.for(laptop.path)).toHaveLength(1);
      expect(push.for(other.path)).toHaveLength(0);
    });

    it('removes a subscription the push service says is gone (410, 404), and keeps it on other errors', async () => {
      const owner = await t.createUser();
      const gone = await subscribe(owner);
      const unknown = await subscribe(owner);
      const busy = await subscribe(owner);
      push.statusFor.set(gone.path, 410);
      push.statusFor.set(unknown.path, 404);
      push.statusFor.set(busy.path, 503);
      await finish(await orderFor(owner));
      expect(push.for(gone.path)).toHaveLength(1);
      expect(await subscriptions(gone.endpoint)).toHaveLength(0);
      expect(await subscriptions(unknown.endpoint)).toHaveLength(0);
      expect(await subscriptions(busy.endpoint)).toHaveLength(1);
    });

    it('sends nothing to a signed-out user (push status INACTIVE)', async () => {
      const owner = await t.createUser();
      const { path, endpoint } = await subscribe(owner);
      const order = await orderFor(owner);
      const off = await t.request('PUT', `/api/user/${owner.id}/push/disable`, owner, { status: 'INACTIVE' });
      expect(off.statusCode).toBe(204);
      await finish(order);
      expect(push.for(path)).toHaveLength(0);
      expect(await subscriptions(endpoint)).toHaveLength(1);
    });

    it('answers the barista at once even when the push service cannot be reached', async () => {
      const owner = await t.createUser();
      const dead = createServer();
      await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
      const { port } = dead.address() as AddressInfo;
      await new Promise<void>((resolve) => dead.close(() => resolve()));
      const endpoint = `http://127.0.0.1:${port}/push/unreachable`;
      const sub = await t.request('POST', '/api/push/subscription', owner, { endpoint, keys: browserKeys().keys });
      expect(sub.statusCode).toBe(201);
      const order = await orderFor(owner);
      expect((await baristaPatch(t, barista, order.id, { status: 'in-progress' })).statusCode).toBe(200);
      const res = await baristaPatch(t, barista, order.id, { status: 'done' });
      expect(res.statusCode).toBe(200);
      expect(res.json<Order>().status).toBe('done');
      await t.app.ctx.services.notifications.deliverDue();
      expect(await subscriptions(endpoint)).toHaveLength(1);
    });
  });
});
