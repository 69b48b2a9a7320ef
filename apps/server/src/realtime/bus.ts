import type { LiveServer } from './socket';

/**
 * Messages between the server processes of one deployment, for what each keeps in memory: "the
 * data behind this changed, drop your copy". Carried by the live-events adapter (Socket.IO's
 * serverSideEmit through PostgreSQL) when there is one; with a single process there is nobody to
 * tell. A process that could not listen for a while (the database went away) has missed messages:
 * `resync` then drops everything (realtime/cluster.ts calls it once it listens again).
 */
export interface ClusterBus {
  /** Tell this process's subscribers, then the other processes'. */
  publish(topic: string, key: string | number | null): void;
  /**
   * Tell only the other processes' subscribers what `make` makes: made only when there are other
   * processes to tell (nothing is made with one); null: nothing to tell. Answers whether it was told.
   */
  tellOthers(topic: string, make: () => string | number | null): boolean;
  subscribe(topic: string, handler: (key: string | number | null) => void): void;
  /** Called when messages may have been missed. */
  onResync(handler: () => void): void;
  resync(): void;
}

const MESSAGE = 'bus';

export function createClusterBus(io: LiveServer): ClusterBus {
  // The adapter the server starts with keeps everything in this process; a cluster adapter
  // (PostgreSQL, attached later) replaces it.
  const singleProcessAdapter = io.adapter();
  const handlers = new Map<string, ((key: string | number | null) => void)[]>();
  const resyncHandlers: (() => void)[] = [];

  const deliver = (topic: string, key: string | number | null) => {
    for (const handler of handlers.get(topic) ?? []) handler(key);
  };
  io.sockets.on(MESSAGE, (topic: unknown, key: unknown) => {
    if (typeof topic !== 'string') return;
    deliver(topic, typeof key === 'string' || typeof key === 'number' ? key : null);
  });

  return {
    publish(topic, key) {
      deliver(topic, key);
      if (io.adapter() !== singleProcessAdapter) io.serverSideEmit(MESSAGE, topic, key);
    },
    tellOthers(topic, make) {
      if (io.adapter() === singleProcessAdapter) return false;
      const key = make();
      if (key === null) return false;
      io.serverSideEmit(MESSAGE, topic, key);
      return true;
    },
    subscribe(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    onResync(handler) {
      resyncHandlers.push(handler);
    },
    resync() {
      for (const handler of resyncHandlers) handler();
    },
  };
}
