import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIFF_ID,
  createLineApp,
  linePerson,
  lineSignature,
  lineWebhook,
  menuUriOf,
  readBy,
  textEvent,
  webhookBody,
  type LineSetup,
} from '../../test-support/line-fixtures';
import { createTestApp } from '../../test-support/test-app';

/**
 * Which webhook bodies are LINE's (signed with the channel secret, never seen before), and the
 * calls to LINE: a 429 waited out, a failure shown to the admins. On SQLite and PostgreSQL.
 */
describe("LINE's webhook and the calls to LINE", () => {
  let s: LineSetup;
  beforeAll(async () => {
    s = await createLineApp({ liff: true });
  });
  afterAll(() => s.close());

  const ordersCount = async () => (await s.t.app.ctx.db.selectFrom('orders').selectAll().execute()).length;
  const usual = () => ({ menu_id: s.menu.latte, type: 'cold', sweetness: 50 });

  it('refuses an unsigned body and one signed with another secret (401), and does nothing', async () => {
    const { id } = await linePerson(s, { usual: usual() });
    const before = { calls: s.line.calls.length, orders: await ordersCount() };
    const unsigned = await lineWebhook(s.t, [textEvent(s, id, 'coffee')], { signature: null });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json<{ code: string }>().code).toBe('UNAUTHENTICATED');
    expect((await lineWebhook(s.t, [textEvent(s, id, 'coffee')], { secret: 'another-secret' })).statusCode).toBe(401);
    expect((await lineWebhook(s.t, [textEvent(s, id, 'coffee')], { signature: 'bm90IGl0' })).statusCode).toBe(401);
    expect(s.line.calls.length).toBe(before.calls);
    expect(await ordersCount()).toBe(before.orders);
  });

  it('refuses a body seen before (a replay), on its signature however it is written', async () => {
    const { id } = await linePerson(s, { usual: usual() });
    const body = webhookBody([textEvent(s, id, 'coffee')]);
    expect((await lineWebhook(s.t, body)).statusCode).toBe(200);
    expect(readBy(s, id)).toHaveLength(1);
    const replayed = await lineWebhook(s.t, body);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json<{ message: string }>().message).toMatch(/replay/);
    // The same signature with a character base64 decoding skips is the same signature.
    expect((await lineWebhook(s.t, body, { signature: `${lineSignature(body)}\n` })).statusCode).toBe(401);
    expect(readBy(s, id)).toHaveLength(1);
  });

  it("answers LINE's Verify (no events) with 200, every time", async () => {
    const verify = webhookBody([]);
    expect((await lineWebhook(s.t, verify)).statusCode).toBe(200);
    expect((await lineWebhook(s.t, verify)).statusCode).toBe(200);
  });

  it('does not act on an event older than the days its ids are remembered', async () => {
    const { id } = await linePerson(s, { usual: usual() });
    const old = { ...textEvent(s, id, 'coffee'), timestamp: s.t.clock.now().getTime() - 25 * 3600_000 };
    expect((await lineWebhook(s.t, [old])).statusCode).toBe(200);
    expect(readBy(s, id)).toEqual([]);
  });

  it('opens the menu as the LIFF page when LIFF is set', async () => {
    const { id } = await linePerson(s, { usual: usual() });
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    expect(menuUriOf(s, id)).toBe(`https://liff.line.me/${LIFF_ID}`);
  });

  it("waits out a 429's Retry-After and sends again", async () => {
    const { id } = await linePerson(s, { usual: usual() });
    s.line.refuse(1, 429);
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    const replies = s.line.calls.filter((c) => c.path === '/v2/bot/message/reply').slice(-2);
    expect(replies.map((c) => c.status)).toEqual([429, 200]);
    expect((replies[1]?.at ?? 0) - (replies[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(readBy(s, id).at(-1)).toContain('Order your usual');
  });

  it('shows the admins a delivery LINE refused', async () => {
    const { id } = await linePerson(s, { usual: usual() });
    s.line.refuse(1, 500);
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    expect(readBy(s, id)).toEqual([]);
    const line = (await s.t.app.ctx.services.chat.channels()).find((c) => c.channel === 'line');
    expect(line?.lastError?.message).toMatch(/^LINE answered 500/);
  });
});

describe('LINE not configured', () => {
  it('answers the webhook 404', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/line/webhook', payload: '{"events":[]}' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
