import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { relayGateOf, type Note } from './relay-gate';
import { NOTIFY, relayStream } from './relay-stream';

/** A pool whose statements wait until the test answers them, each kept with its values. */
function heldPool() {
  const asked: { text: string; values: unknown[]; answer: () => void }[] = [];
  const pool = {
    query: (text: string, values: unknown[]) =>
      new Promise<void>((resolve) => asked.push({ text, values, answer: () => resolve() })),
  } as unknown as pg.Pool;
  return { pool, asked };
}

const log = { debug: () => undefined } as unknown as FastifyBaseLogger;
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the relay stream (decision 0119)', () => {
  it('hands a numbering the relays waiting when no relay statement is on its way, and holds the next relays until it is done', async () => {
    const { pool, asked } = heldPool();
    const stream = relayStream(pool, log, relayGateOf({}), 0);
    const first = stream.notify(['socket.io#/', 'join']);
    let carried: readonly Note[] = [];
    let finish: () => void = () => undefined;
    const numbered = stream.carry(
      (before) =>
        new Promise<number>((resolve) => {
          carried = before;
          finish = () => resolve(7);
        }),
    );
    expect(numbered).toBeDefined();
    expect(carried).toEqual([{ channel: 'socket.io#/', text: 'join' }]);
    // A relay asked while the numbering is on its way waits for it, in the stream's order.
    const later = stream.notify(['socket.io#/', 'later']);
    await turn();
    expect(asked).toEqual([]);
    finish();
    expect(await numbered).toBe(7);
    await first;
    await turn();
    expect(asked.map((a) => a.values)).toEqual([['socket.io#/', 'later']]);
    asked[0]?.answer();
    await later;
  });

  it('lets a numbering go alone, at once, while a relay statement is on its way (the sites never wait for one another)', async () => {
    const { pool, asked } = heldPool();
    const stream = relayStream(pool, log, relayGateOf({}), 0);
    const relayed = stream.notify(['socket.io#/', 'cache drop']);
    await turn();
    expect(asked.map((a) => a.text)).toEqual([`SELECT pg_notify($1, $2)`]);
    expect(asked[0]?.text).toBe(NOTIFY);
    let ran = false;
    const numbered = stream.carry(() => {
      ran = true;
      return Promise.resolve(1);
    });
    expect(numbered).toBeUndefined();
    expect(ran).toBe(false);
    asked[0]?.answer();
    await relayed;
  });

  it('holds the relays while the gate is held, and a numbering carries them', async () => {
    const { pool, asked } = heldPool();
    const io = {};
    const stream = relayStream(pool, log, relayGateOf(io), 0);
    const release = relayGateOf(io).hold();
    const relayed = stream.notify(['socket.io#/', 'held']);
    await turn();
    expect(asked).toEqual([]);
    let carried: readonly Note[] = [];
    await stream.carry((before) => {
      carried = before;
      return Promise.resolve(1);
    });
    release();
    await relayed;
    expect(carried.map((n) => n.text)).toEqual(['held']);
    await turn();
    expect(asked).toEqual([]);
  });

  it("lets a numbering go alone while another site's events are being numbered (a statement that writes and notifies holds the notification lock through its commit)", async () => {
    const { pool, asked } = heldPool();
    const io = {};
    const stream = relayStream(pool, log, relayGateOf(io), 0);
    const thisSite = relayGateOf(io).hold();
    const otherSite = relayGateOf(io).hold();
    const relayed = stream.notify(['socket.io#/', 'join']);
    expect(stream.carry(() => Promise.resolve(1))).toBeUndefined();
    otherSite();
    let carried: readonly Note[] = [];
    await stream.carry((before) => {
      carried = before;
      return Promise.resolve(2);
    });
    expect(carried.map((n) => n.text)).toEqual(['join']);
    thisSite();
    await relayed;
    expect(asked).toEqual([]);
  });

  it('carries only after a second without a numbering: in a rush the numberings go alone', async () => {
    const { pool } = heldPool();
    let clock = 10_000;
    const stream = relayStream(pool, log, relayGateOf({}), 1000, () => clock);
    const number = () => stream.carry(() => Promise.resolve(1));
    expect(number()).toBeDefined();
    await turn();
    clock += 300;
    expect(number()).toBeUndefined();
    clock += 999;
    expect(number()).toBeUndefined();
    clock += 1000;
    expect(number()).toBeDefined();
  });
});
