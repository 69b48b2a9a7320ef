import type { QueueEvent } from '@cafe/shared';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveEvents, QUEUE_EVERY_MS } from './events';
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

  it('never holds back another line; moves within the second go as one event listing the line as it stands then', async () => {
    const { io, broadcasts } = liveServer();
    const events = createLiveEvents(io);
    let reads = 0;
    const read = () => {
      reads += 1;
      return Promise.resolve([44, 45]);
    };
    events.queue(1, finished(1, 60));
    events.queue(1, taken(1, 42, 70), read);
    events.queue(1, finished(1, 65));
    events.queue(1, taken(1, 43, 75), read);
    events.queue(1, finished(1, 60, 'bar'));
    events.queue(2, finished(2, 30));
    expect(broadcasts.map((b) => [b.payload.siteId, b.payload.categoryFor])).toEqual([
      [1, 'cafe'],
      [1, 'bar'],
      [2, 'cafe'],
    ]);
    expect(broadcasts.find((b) => b.payload.siteId === 2)?.rooms).toEqual(['staff:2', 'waiting:2']);
    expect(reads).toBe(0);
    vi.advanceTimersByTime(QUEUE_EVERY_MS);
    await vi.waitFor(() => expect(broadcasts).toHaveLength(4));
    // The latest wait inputs; the line read once, when the second ended.
    expect(broadcasts.at(-1)?.payload).toEqual({ ...taken(1, 43, 75), left: null, joined: null, waiting: [44, 45] });
    expect(reads).toBe(1);
  });

  it('sends each move as itself when the line cannot be read', async () => {
    const { io, broadcasts } = liveServer();
    const events = createLiveEvents(io);
    const read = () => Promise.reject(new Error('the database is away'));
    events.queue(1, finished(1, 60));
    events.queue(1, taken(1, 42, 70), read);
    events.queue(1, taken(1, 43, 75), read);
    events.queue(1, finished(1, 80), read);
    vi.advanceTimersByTime(QUEUE_EVERY_MS);
    await vi.waitFor(() => expect(broadcasts).toHaveLength(3));
    expect(broadcasts.map((b) => [b.payload.left?.id ?? null, b.payload.wait.secondsPerOrder])).toEqual([
      [null, 60],
      [42, 80],
      [43, 80],
    ]);
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
