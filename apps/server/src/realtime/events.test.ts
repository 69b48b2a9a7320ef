import type { QueueEvent } from '@cafe/shared';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveEvents, QUEUE_EVERY_MS, QUEUE_MAX_EVERY_MS, queueWindowMs } from './events';
import type { LiveServer } from './socket';

/** A live server with no connections; what it broadcasts is read where Socket.IO hands it to its adapter. */
function liveServer() {
  const io = new Server() as LiveServer;
  const broadcasts: { event: string; payload: QueueEvent; rooms: string[] }[] = [];
  vi.spyOn(io.of('/').adapter, 'broadcast').mockImplementation((packet: { data: unknown[] }, options) => {
    const [event, payload] = packet.data as [string, QueueEvent];
    broadcasts.push({ event, payload, rooms: [...options.rooms] });
  });
  return { io, broadcasts };
}

const wait = (secondsPerOrder: number, inProgress: number) => ({ secondsPerOrder, inProgress });
const finished = (siteId: number, secondsPerOrder: number, categoryFor: 'cafe' | 'bar' = 'cafe'): QueueEvent => ({
  siteId,
  categoryFor,
  day: '2026-11-26',
  left: null,
  joined: null,
  wait: wait(secondsPerOrder, 1),
});
const taken = (siteId: number, id: number, secondsPerOrder: number): QueueEvent => ({
  ...finished(siteId, secondsPerOrder),
  left: { id, orderDate: '2026-11-26T08:00:00.000Z' },
});

describe('the queue events of a line', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first at once, and those within the next second together as the latest when it ends', () => {
    const { io, broadcasts } = liveServer();
    const events = createLiveEvents(io);
    events.queue(1, finished(1, 60));
    events.queue(1, finished(1, 70));
    events.queue(1, finished(1, 80));
    expect(broadcasts.map((b) => b.payload.wait.secondsPerOrder)).toEqual([60]);
    expect(broadcasts[0]?.rooms).toEqual(['staff:1', 'waiting:1']);

    vi.advanceTimersByTime(QUEUE_EVERY_MS - 1);
    expect(broadcasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(broadcasts.map((b) => b.payload.wait.secondsPerOrder)).toEqual([60, 80]);

    // That send opened the next second: one more finished drink waits for its end; then a quiet second.
    events.queue(1, finished(1, 90));
    vi.advanceTimersByTime(QUEUE_EVERY_MS);
    expect(broadcasts.map((b) => b.payload.wait.secondsPerOrder)).toEqual([60, 80, 90]);
    vi.advanceTimersByTime(QUEUE_EVERY_MS * 3);
    expect(broadcasts).toHaveLength(3);
    events.queue(1, finished(1, 100));
    expect(broadcasts.map((b) => b.payload.wait.secondsPerOrder)).toEqual([60, 80, 90, 100]);
  });

  it('never holds back another line; the moves within the second go as one event, each with when it was made', () => {
    const { io, broadcasts } = liveServer();
    const events = createLiveEvents(io);
    events.queue(1, finished(1, 60));
    events.queue(1, { ...taken(1, 42, 70), at: '2026-11-26T08:00:01.000Z' });
    events.queue(1, finished(1, 65));
    events.queue(1, { ...taken(1, 43, 75), at: '2026-11-26T08:00:01.500Z' });
    events.queue(1, finished(1, 60, 'bar'));
    events.queue(2, finished(2, 30));
    expect(broadcasts.map((b) => [b.payload.siteId, b.payload.categoryFor])).toEqual([
      [1, 'cafe'],
      [1, 'bar'],
      [2, 'cafe'],
    ]);
    expect(broadcasts.find((b) => b.payload.siteId === 2)?.rooms).toEqual(['staff:2', 'waiting:2']);
    vi.advanceTimersByTime(QUEUE_EVERY_MS);
    expect(broadcasts).toHaveLength(4);
    // The latest wait inputs, and both moves in the order they were made.
    expect(broadcasts.at(-1)?.payload).toEqual({
      ...finished(1, 75),
      moves: [
        { left: { id: 42, orderDate: '2026-11-26T08:00:00.000Z' }, joined: null, at: '2026-11-26T08:00:01.000Z' },
        { left: { id: 43, orderDate: '2026-11-26T08:00:00.000Z' }, joined: null, at: '2026-11-26T08:00:01.500Z' },
      ],
    });
  });

  it('holds a long line to fewer events: a second more for each hundred drinks waiting in it, up to five', () => {
    const { io, broadcasts } = liveServer();
    const events = createLiveEvents(io);
    /** A drink finished in a line of `waiting` drinks (the line model's inputs list them). */
    const inLineOf = (waiting: number, secondsPerOrder: number): QueueEvent => {
      const event = finished(1, secondsPerOrder);
      return { ...event, wait: { ...event.wait, line: Array.from({ length: waiting }, () => 90) } };
    };
    expect([0, 1, 100, 101, 250, 400, 401, 2000].map((n) => queueWindowMs(inLineOf(n, 60)))).toEqual([
      1000, 1000, 1000, 2000, 3000, 4000, 5000, 5000,
    ]);
    expect(queueWindowMs(finished(1, 60))).toBe(QUEUE_EVERY_MS);

    // A line of 250: the next event waits three seconds.
    events.queue(1, inLineOf(250, 60));
    events.queue(1, inLineOf(249, 70));
    vi.advanceTimersByTime(3 * QUEUE_EVERY_MS - 1);
    expect(broadcasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(broadcasts.map((b) => b.payload.wait.secondsPerOrder)).toEqual([60, 70]);
    // That one (249 waiting) opened a window of three seconds too; the line then shortens to 40.
    events.queue(1, inLineOf(40, 80));
    vi.advanceTimersByTime(3 * QUEUE_EVERY_MS - 1);
    expect(broadcasts).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(broadcasts).toHaveLength(3);
    // A line of 40 waits a second again.
    events.queue(1, inLineOf(39, 90));
    vi.advanceTimersByTime(QUEUE_EVERY_MS);
    expect(broadcasts.map((b) => b.payload.wait.secondsPerOrder)).toEqual([60, 70, 80, 90]);
    // However long the line, five seconds at most.
    vi.advanceTimersByTime(QUEUE_EVERY_MS * 2);
    events.queue(1, inLineOf(3000, 100));
    events.queue(1, inLineOf(3000, 110));
    vi.advanceTimersByTime(QUEUE_MAX_EVERY_MS);
    expect(broadcasts.map((b) => b.payload.wait.secondsPerOrder)).toEqual([60, 70, 80, 90, 100, 110]);
  });

  it('sends what waits at once when asked to settle (the server closing)', async () => {
    const { io, broadcasts } = liveServer();
    const events = createLiveEvents(io);
    events.queue(1, finished(1, 60));
    events.queue(1, finished(1, 61));
    await events.settled();
    expect(broadcasts.map((b) => b.payload.wait.secondsPerOrder)).toEqual([60, 61]);
    vi.advanceTimersByTime(QUEUE_EVERY_MS * 2);
    expect(broadcasts).toHaveLength(2);
  });
});
