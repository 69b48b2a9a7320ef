import type { ClusterBus } from '../realtime/bus';

/**
 * Something read often and changed rarely (the menu, the shop status, who a token's user is),
 * kept in memory. Whoever changes the data behind it calls `invalidate` after the change is
 * committed; that drops the copy here and, through the bus, in every other process. A read that
 * was under way while the data changed does not store what it read (it may predate the change).
 * `ttlMs` bounds how long a copy may live at all, in case a message between processes is lost.
 */
export interface MemoryCache<K extends string | number, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** Drop one key (or all with none), here and in the other processes. */
  invalidate(key?: K): void;
  /** Keeps `value` for `key` in this process (what a write of this process just worked out). */
  set(key: K, value: V): void;
  /** What is kept for `key` here now, without loading it. */
  peek(key: K): V | undefined;
  /** Drops `key` in this process only (what a write of this process found changed). */
  drop(key: K): void;
  /** A mark taken before a read made elsewhere, for `keep`. */
  mark(): number;
  /**
   * Keeps `value`, read elsewhere after `mark` was taken, unless an invalidation came between
   * (what was read may predate the change): as `get` keeps what its load read.
   */
  keep(key: K, value: V, mark: number): void;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export function createMemoryCache<K extends string | number, V>(options: {
  /** Names the cache on the bus; the same in every process. */
  topic: string;
  bus: ClusterBus;
  /** Other topics whose every change drops the whole cache (data it was made from). */
  alsoDroppedBy?: readonly string[];
  ttlMs: number;
  /** At most this many keys; the oldest go first. */
  max?: number;
  now?: () => number;
}): MemoryCache<K, V> {
  const { bus, ttlMs, max = 10_000, now = Date.now } = options;
  const entries = new Map<K, Entry<V>>();
  const loading = new Map<K, Promise<V>>();
  // Bumped by every invalidation: a load that started before it must not store its result.
  let generation = 0;

  const dropHere = (key?: K | null) => {
    generation += 1;
    if (key === undefined || key === null) {
      entries.clear();
      loading.clear();
    } else {
      entries.delete(key);
      loading.delete(key);
    }
  };
  bus.subscribe(options.topic, (key) => dropHere(key as K | null));
  for (const topic of options.alsoDroppedBy ?? []) bus.subscribe(topic, () => dropHere());
  bus.onResync(() => dropHere());

  return {
    get(key, load) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return Promise.resolve(entry.value);
      const pending = loading.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const promise = load().then(
        (value) => {
          if (loading.get(key) === promise) loading.delete(key);
          if (generation === startedIn) {
            if (entries.size >= max) entries.delete(entries.keys().next().value as K);
            entries.set(key, { value, expiresAt: now() + ttlMs });
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    set(key, value) {
      loading.delete(key);
      if (entries.size >= max && !entries.has(key)) entries.delete(entries.keys().next().value as K);
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    drop(key) {
      entries.delete(key);
    },
    mark: () => generation,
    keep(key, value, mark) {
      if (mark === generation) this.set(key, value);
    },
    peek(key) {
      const entry = entries.get(key);
      return entry && entry.expiresAt > now() ? entry.value : undefined;
    },
    invalidate(key) {
      // The bus tells this process's subscribers too, this cache among them.
      bus.publish(options.topic, key ?? null);
    },
  };
}
