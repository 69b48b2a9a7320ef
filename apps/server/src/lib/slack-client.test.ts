import { describe, expect, it } from 'vitest';
import { PACE_SHARE } from './pace';
import { createSlackClient, type SlackMethod } from './slack-client';

/** A clock that moves only when every call waiting on it sleeps: each sleep ends at its own time. */
function virtualTime() {
  let now = 0;
  const sleepers: { at: number; wake: () => void }[] = [];
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ at: now + ms, wake })),
    /** Runs until nothing sleeps any more. */
    async run(done: Promise<unknown>) {
      let finished = false;
      void done.finally(() => (finished = true));
      while (!finished) {
        for (let i = 0; i < 5; i += 1) await turn();
        sleepers.sort((a, b) => a.at - b.at);
        const next = sleepers.shift();
        if (!next) continue;
        now = Math.max(now, next.at);
        next.wake();
      }
    },
  };
}

/** `count` calls of `method` asked for at once (each in a lane of its own when `lanes`); when each ran. */
async function callTimes(method: SlackMethod, count: number, lanes: boolean): Promise<number[]> {
  const time = virtualTime();
  const client = createSlackClient({ token: 'xoxb-test', apiUrl: 'http://127.0.0.1:9/api' }, time);
  const ran: number[] = [];
  const calls = Array.from({ length: count }, (_, i) =>
    client.call(method, () => Promise.resolve(ran.push(time.now())), lanes ? { lane: `D${i}` } : {}),
  );
  await time.run(Promise.all(calls));
  return ran;
}

describe("the Slack client's pace", () => {
  it("holds chat.postMessage to the workspace's ceiling over all channels, not only one a second per channel", async () => {
    // 45 people's messages at once, each in their own DM: 20 go at once, then the rest at 600 a
    // minute (less the client's margin), not all at once as one a second per channel allows.
    const times = await callTimes('chat.postMessage', 45, true);
    const every = 60_000 / (600 * PACE_SHARE);
    expect(times.slice(0, 20)).toEqual(Array(20).fill(0));
    times.slice(20).forEach((t, i) => expect(t).toBeCloseTo((i + 1) * every, 6));
  });

  it('holds a method of one queue to its tier', async () => {
    // chat.update: 50 a minute (less the client's margin), 10 at once.
    const times = await callTimes('chat.update', 12, false);
    const every = 60_000 / (50 * PACE_SHARE);
    expect(times.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(times[10]).toBeCloseTo(every, 6);
    expect(times[11]).toBeCloseTo(2 * every, 6);
  });
});
