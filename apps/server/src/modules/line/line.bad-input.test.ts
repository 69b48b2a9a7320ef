import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBadInputSweep } from '../../test-support/bad-input';
import { createLineApp, lineUserId, lineWebhook, type LineSetup } from '../../test-support/line-fixtures';

// The shared sweep: every line operation, as every role, with garbage (the channel not configured there).
describeBadInputSweep('line');

/** The same with the channel configured: garbage LINE might never send, signed as if it had, gets a 4xx or is passed over. */
describe('bad input to a configured LINE channel', () => {
  let s: LineSetup;
  beforeAll(async () => {
    s = await createLineApp();
  });
  afterAll(() => s.close());

  it("answers a signed body that is not LINE's JSON 400, and calls LINE for none", async () => {
    for (const body of ['not json', '[1,2]', '"text"', '{}', '{"events":"x"}', 'null']) {
      const res = await lineWebhook(s.t, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json<{ code: string; message: string }>().code, body).toBe('VALIDATION');
    }
    expect(s.line.calls).toEqual([]);
  });

  it('passes over events it cannot read, and calls LINE for none', async () => {
    const user = lineUserId();
    const events = [
      1,
      null,
      { type: 'message' },
      { type: 'message', webhookEventId: 'e1', source: { type: 'group', groupId: 'C1', userId: user } },
      { type: 'message', webhookEventId: 'e2', source: { type: 'user', userId: 'not a LINE id' } },
      { type: 'postback', webhookEventId: 'e3', source: { type: 'user', userId: 42 }, postback: { data: 7 } },
      { type: 'unfollow', webhookEventId: 'e4', source: { type: 'user', userId: user } },
      { type: 'message', webhookEventId: 'e5', source: { type: 'user', userId: user }, message: { type: 'sticker' } },
    ];
    const res = await lineWebhook(s.t, JSON.stringify({ destination: 'x', events }));
    expect(res.statusCode).toBe(200);
    expect(s.line.calls).toEqual([]);
    expect(await s.t.app.ctx.db.selectFrom('orders').selectAll().execute()).toEqual([]);
  });

  it('refuses a body over the limit (413)', async () => {
    const huge = JSON.stringify({ events: [{ type: 'message', text: 'x'.repeat(300 * 1024) }] });
    expect((await lineWebhook(s.t, huge)).statusCode).toBe(413);
  });
});
