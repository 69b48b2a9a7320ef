/**
 * While a process numbers its live events (realtime/events.ts), its messages to the other
 * processes (cache drops, room joins, relays: realtime/cluster.ts) wait, and leave with the
 * events' own relays in one statement once they are sent: one write, one statement for
 * PostgreSQL to carry to the others, instead of one before the numbering and one after.
 */
export interface RelayGate {
  /** Holds the messages until the answer is called (each hold once). */
  hold(): () => void;
  /** Resolves when nothing holds the messages (at once when nothing does). */
  open(): Promise<void>;
}

const gates = new WeakMap<object, RelayGate>();

/** The gate of one process's live server (a test runs several processes in one). */
export function relayGateOf(io: object): RelayGate {
  let gate = gates.get(io);
  if (!gate) {
    gate = createRelayGate();
    gates.set(io, gate);
  }
  return gate;
}

function createRelayGate(): RelayGate {
  let holds = 0;
  let waiters: (() => void)[] = [];
  return {
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0) return;
        const ready = waiters;
        waiters = [];
        for (const resolve of ready) resolve();
      };
    },
    open() {
      if (holds === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
