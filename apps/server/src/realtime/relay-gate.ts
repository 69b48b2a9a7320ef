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
  /** How many hold them now (one per site whose events are being numbered; 0: open). */
  holders(): number;
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
    holders: () => holds,
  };
}

/** A relay to the other processes as PostgreSQL carries it: a notification's channel and text. */
export interface Note {
  channel: string;
  text: string;
}

/**
 * How an event's number is written in the note `RelayCarrier.note` makes before the number is
 * known: longer than any number given, so the note with its number is never longer. The statement
 * that numbers the event writes the number in its place (live-log.ts).
 */
export const SEQ_MARK = -999_999_999_999_999;

/**
 * With a cluster adapter (PostgreSQL), the statement that numbers a site's live events also sends
 * what the other processes get of them, and the relays this process asked for before them:
 * one statement for a write's events instead of two (decision 0119).
 */
export interface RelayCarrier {
  /**
   * The note the other processes get for `event` to `rooms` with its number written as SEQ_MARK,
   * made by the adapter as it makes any relay; null when it cannot go in a statement (one too
   * large goes as the adapter's attachment): then the event is sent as any other.
   */
  note(rooms: readonly string[], event: string, payload: object): Note | null;
  /**
   * Runs `statement` at once when no relay statement is on its way and no other site's events are
   * being numbered, handing it the relays waiting: the statement sends them first, whatever else
   * it finds. Undefined, without running it, otherwise (a rush): the numbering then goes alone and
   * its events as any other.
   */
  carry<T>(statement: (before: readonly Note[]) => Promise<T>): Promise<T> | undefined;
  /** Sends an event to this process's own clients only (the others' note went with its number). */
  local(rooms: readonly string[], event: string, payload: object): void;
}

const carriers = new WeakMap<object, RelayCarrier>();

/** The carrier of one process's live server, once its cluster adapter is attached (cluster.ts). */
export function relayCarrierOf(io: object): RelayCarrier | undefined {
  return carriers.get(io);
}

export function setRelayCarrier(io: object, carrier: RelayCarrier): void {
  carriers.set(io, carrier);
}
