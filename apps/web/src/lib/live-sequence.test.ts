import type { LiveMissed, MissedEvent } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { GAP_WAIT_MS, LiveSequence, RETRY_MS } from './live-sequence';

const SITE = 1;

/** A sequence with a server, timers and screens the test drives by hand. */
function setUp() {
  const delivered: { event: string; seq: number | undefined; id: unknown }[] = [];
  let readAll = 0;
  const asked: { siteId: number; after: number; answer: (missed: LiveMissed) => void; fail: () => void }[] = [];
  const timers = new Map<number, { run: () => void; ms: number }>();
  let nextTimer = 1;
  const sequence = new LiveSequence({
    deliver: (event, payload) => {
      const p = payload as { seq?: number; id?: unknown };
      delivered.push({ event, seq: p.seq, id: p.id });
    },
    fetchMissed: (siteId, after) =>
      new Promise<LiveMissed>((resolve, reject) => {
        asked.push({ siteId, after, answer: resolve, fail: () => reject(new Error('offline')) });
      }),
    readAll: () => {
      readAll += 1;
    },
    setTimer: (run, ms) => {
      const id = nextTimer++;
      timers.set(id, { run, ms });
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
  });
  return {
    sequence,
    delivered,
    asked,
    seqs: () => delivered.map((d) => d.seq),
    readAll: () => readAll,
    /** Runs the timers waiting `ms` (those started meanwhile wait for the next call). */
    elapse(ms: number) {
      for (const [id, timer] of [...timers]) {
        if (timer.ms <= ms) {
          timers.delete(id);
          timer.run();
        }
      }
    },
    pendingTimers: () => timers.size,
  };
}

const event = (seq: number, extra: Record<string, unknown> = {}) => ({ id: seq, siteId: SITE, seq, ...extra });
const missed = (seq: number, events: number[], tooOld = false): LiveMissed => ({
  siteId: SITE,
  seq,
  tooOld,
  events: events.map((n): MissedEvent => ({ event: 'orders', seq: n, payload: event(n) })),
});
/** Lets the promise callbacks of an answer run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LiveSequence: never missed, never twice', () => {
  it('reads everything on the first hello, then applies the events above its number once each', () => {
    const s = setUp();
    s.sequence.hello({ siteId: SITE, board: true, seq: 4 });
    expect(s.readAll()).toBe(1);
    for (const n of [4, 5, 6, 6, 5, 7]) s.sequence.receive('orders', event(n));
    expect(s.seqs()).toEqual([5, 6, 7]);
    expect(s.asked).toEqual([]);
    expect(s.sequence.lastApplied).toBe(7);
  });

  it('keeps the events that came before the hello, and applies those above its number', () => {
    const s = setUp();
    s.sequence.receive('orders', event(3));
    s.sequence.receive('orders', event(5));
    expect(s.delivered).toEqual([]);
    s.sequence.hello({ siteId: SITE, board: true, seq: 4 });
    expect(s.seqs()).toEqual([5]);
  });

  it('holds an event ahead of a gap until the gap fills from the live channel, then applies both in order', () => {
    const s = setUp();
    s.sequence.hello({ siteId: SITE, board: true, seq: 0 });
    s.sequence.receive('orders', event(1));
    s.sequence.receive('orders', event(3));
    expect(s.seqs()).toEqual([1]);
    s.sequence.receive('orders', event(2));
    expect(s.seqs()).toEqual([1, 2, 3]);
    expect(s.pendingTimers()).toBe(0);
    expect(s.asked).toEqual([]);
  });

  it('asks what it missed when a gap does not fill in time, and applies it in order without repeats', async () => {
    const s = setUp();
    s.sequence.hello({ siteId: SITE, board: true, seq: 0 });
    s.sequence.receive('orders', event(1));
    s.sequence.receive('orders', event(4));
    s.elapse(GAP_WAIT_MS);
    expect(s.asked.map(({ siteId, after }) => ({ siteId, after }))).toEqual([{ siteId: SITE, after: 1 }]);
    // Meanwhile 5 arrives live; the answer has 2, 3 and 4 (4 already held).
    s.sequence.receive('orders', event(5));
    s.asked[0]?.answer(missed(4, [2, 3, 4]));
    await settle();
    expect(s.seqs()).toEqual([1, 2, 3, 4, 5]);
    expect(s.readAll()).toBe(1);
  });

  it('after a reconnect to the same site asks what it missed since its last number instead of reading everything', async () => {
    const s = setUp();
    s.sequence.hello({ siteId: SITE, board: true, seq: 10 });
    s.sequence.receive('orders', event(11));
    s.sequence.disconnected();
    // Back: 12 arrives before the hello, then the hello says 14.
    s.sequence.receive('orders', event(14));
    s.sequence.hello({ siteId: SITE, board: true, seq: 14 });
    expect(s.asked.map(({ after }) => after)).toEqual([11]);
    s.asked[0]?.answer(missed(14, [12, 13, 14]));
    await settle();
    expect(s.seqs()).toEqual([11, 12, 13, 14]);
    expect(s.readAll()).toBe(1);
    // A late copy of one already applied changes nothing.
    s.sequence.receive('orders', event(13));
    expect(s.seqs()).toEqual([11, 12, 13, 14]);
  });

  it('reads everything again when the server says the gap is too old, and goes on from its number', async () => {
    const s = setUp();
    s.sequence.hello({ siteId: SITE, board: true, seq: 10 });
    s.sequence.disconnected();
    s.sequence.hello({ siteId: SITE, board: true, seq: 5000 });
    s.asked[0]?.answer(missed(5000, [], true));
    await settle();
    expect(s.readAll()).toBe(2);
    s.sequence.receive('orders', event(5000));
    s.sequence.receive('orders', event(5001));
    expect(s.seqs()).toEqual([5001]);
  });

  it('reads everything when the connection follows another site, or after an event came without a number', () => {
    const s = setUp();
    s.sequence.hello({ siteId: SITE, board: true, seq: 3 });
    s.sequence.hello({ siteId: 2, board: true, seq: 7 });
    expect(s.readAll()).toBe(2);
    expect(s.asked).toEqual([]);
    s.sequence.receive('cafe-status', { isCafeOpen: true, isBarOpen: false, siteId: 2 });
    expect(s.delivered.map((d) => d.event)).toEqual(['cafe-status']);
    s.sequence.disconnected();
    s.sequence.hello({ siteId: 2, board: true, seq: 9 });
    expect(s.readAll()).toBe(3);
  });

  it('passes on at once the events that carry no number (sent to everyone)', () => {
    const s = setUp();
    s.sequence.receive('site', { id: 1, name: 'Head office' });
    s.sequence.receive('menu', { kind: 'menu', id: 3 });
    expect(s.delivered.map((d) => d.event)).toEqual(['site', 'menu']);
    expect(s.readAll()).toBe(0);
  });

  it('applies a person’s events as they come (a person sees only some numbers), once each, and catches up after a reconnect', async () => {
    const s = setUp();
    s.sequence.hello({ siteId: SITE, board: false, seq: 20 });
    for (const n of [23, 27, 23, 25]) s.sequence.receive('orders', event(n));
    expect(s.seqs()).toEqual([23, 27, 25]);
    expect(s.pendingTimers()).toBe(0);
    s.sequence.disconnected();
    s.sequence.hello({ siteId: SITE, board: false, seq: 30 });
    expect(s.asked.map(({ after }) => after)).toEqual([20]);
    s.asked[0]?.answer(missed(30, [23, 25, 27, 29]));
    await settle();
    expect(s.seqs()).toEqual([23, 27, 25, 29]);
    expect(s.sequence.lastApplied).toBe(30);
  });

  it('asks again a little later when the question fails while connected', async () => {
    const s = setUp();
    s.sequence.hello({ siteId: SITE, board: true, seq: 1 });
    s.sequence.disconnected();
    s.sequence.hello({ siteId: SITE, board: true, seq: 3 });
    s.asked[0]?.fail();
    await settle();
    s.elapse(RETRY_MS);
    expect(s.asked.map(({ after }) => after)).toEqual([1, 1]);
    s.asked[1]?.answer(missed(3, [2, 3]));
    await settle();
    expect(s.seqs()).toEqual([2, 3]);
  });
});
