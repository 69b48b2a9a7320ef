import { HTTPFetchError } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineFake, type LineFake } from '../test-support/line-fake';
import { createLineClient } from './line-client';

/** The LINE client against the fake: a 429's Retry-After held (by the given time), the push's retry key kept. */
describe('the LINE client', () => {
  let line: LineFake;
  const to = `U${'a'.repeat(32)}`;
  const push = { to, messages: [{ type: 'text' as const, text: 'Ready to pick up' }] };
  beforeAll(async () => {
    line = await startLineFake({ token: 'token' });
  });
  afterAll(() => line.close());

  /** A client whose waits pass at once and are recorded, its clock moved by them. */
  function client() {
    let now = 1_000_000;
    const waits: number[] = [];
    const time = {
      now: () => now,
      sleep: (ms: number) => {
        waits.push(ms);
        now += ms;
        return Promise.resolve();
      },
    };
    return { waits, line: createLineClient({ accessToken: 'token', apiUrl: line.apiUrl }, time) };
  }

  it("waits out each 429's Retry-After and sends the push once, with one retry key", async () => {
    const c = client();
    const before = line.calls.length;
    line.refuse(2, 429);
    await c.line.call((api) => api.pushMessage(push, 'c8a2b7e4-3c55-4b1c-9f0e-0a8c8e0f1a11'));
    expect(c.waits).toEqual([1000, 1000]);
    const calls = line.calls.slice(before);
    expect(calls.map((call) => call.status)).toEqual([429, 429, 200]);
    expect(new Set(calls.map((call) => call.retryKey)).size).toBe(1);
    expect(line.deliveredTo(to)).toHaveLength(1);
  });

  it('gives up after five 429s, and does not retry another failure', async () => {
    const c = client();
    line.refuse(5, 429);
    await expect(c.line.call((api) => api.pushMessage(push))).rejects.toBeInstanceOf(HTTPFetchError);
    expect(c.waits).toHaveLength(4);
    line.refuse(1, 500);
    await expect(c.line.call((api) => api.pushMessage(push))).rejects.toMatchObject({ status: 500 });
    expect(c.waits).toHaveLength(4);
    await c.line.idle();
  });
});
