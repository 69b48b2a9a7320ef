import { describe, expect, it } from 'vitest';
import type { ClusterBus } from '../realtime/bus';
import { createMemoryCache } from './cache';

/** A bus of one process: what is published reaches its subscribers here. */
function localBus(): ClusterBus {
  const handlers = new Map<string, ((key: string | number | null) => void)[]>();
  const resyncs: (() => void)[] = [];
  return {
    publish: (topic, key) => handlers.get(topic)?.forEach((handler) => handler(key)),
    tellOthers: () => false,
    subscribe: (topic, handler) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler]),
    onResync: (handler) => resyncs.push(handler),
    resync: () => resyncs.forEach((handler) => handler()),
  };
}

describe('a value read elsewhere is kept only when nothing was invalidated since its mark', () => {
  it('keeps it when nothing changed, and not when the key, the cache, another topic or a resync dropped it meanwhile', () => {
    const bus = localBus();
    const cache = createMemoryCache<number, string>({
      topic: 'people',
      bus,
      alsoDroppedBy: ['accounts'],
      ttlMs: 60_000,
    });
    const kept = cache.mark();
    cache.keep(1, 'Ann', kept);
    expect(cache.peek(1)).toBe('Ann');

    for (const change of [
      () => cache.invalidate(2),
      () => cache.invalidate(),
      () => bus.publish('accounts', 7),
      () => bus.resync(),
    ]) {
      const mark = cache.mark();
      change();
      cache.keep(3, 'stale', mark);
      expect(cache.peek(3)).toBeUndefined();
    }
    // A mark taken after the change keeps what it read.
    const fresh = cache.mark();
    cache.keep(3, 'Cleo', fresh);
    expect(cache.peek(3)).toBe('Cleo');
  });
});
