import { SEQUENCED_EVENTS, type HelloEvent, type LiveMissed } from '@cafe/shared';

/*
 * Never missed, never twice (docs/api/live-events.md): the client's half of the live events'
 * numbers. Every event of the followed site carries `seq`; this keeps the last number applied,
 * applies each event once, fills gaps and catches up after a reconnect with GET /live/missed, and
 * asks the screens to read everything again only when that cannot work (the gap is too old, the
 * site changed, an event came without a number). Pure: the connection (live-connection.ts) gives
 * it the events, the way to ask the server and the way to tell the screens.
 */

/** How long an event that arrived ahead of a gap waits for the gap to fill from the live channel. */
export const GAP_WAIT_MS = 1500;
/** After a failed GET /live/missed, how long before asking again. */
export const RETRY_MS = 3000;

export interface LiveSequenceDeps {
  /** Hands an event on to the screens (parsed against the contract there). */
  deliver: (event: string, payload: unknown) => void;
  /** GET /live/missed?siteId=&after=. */
  fetchMissed: (siteId: number, after: number) => Promise<LiveMissed>;
  /** The screens read everything again. */
  readAll: () => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const SEQUENCED: ReadonlySet<string> = new Set(SEQUENCED_EVENTS);

interface Numbered {
  siteId: number;
  seq: number;
}

function numbered(payload: unknown): Numbered | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { siteId, seq } = payload as { siteId?: unknown; seq?: unknown };
  return typeof siteId === 'number' && typeof seq === 'number' && Number.isInteger(seq) ? { siteId, seq } : null;
}

export class LiveSequence {
  /** The site followed (null: no `hello` yet). */
  private siteId: number | null = null;
  /** A site's board receives every event of the site: a gap in its numbers is an event lost. */
  private board = false;
  /** Every event of the site up to this number is applied, or was not meant for this connection. */
  private floor = 0;
  /** Numbers above `floor` already applied (a connection that is not a board sees only some numbers). */
  private readonly applied = new Set<number>();
  /** A board's events that came ahead of a gap, by number, until the gap fills. */
  private readonly held = new Map<number, [string, unknown]>();
  /** Events of this connection that came before its `hello`. */
  private readonly early: [string, unknown][] = [];
  private ready = false;
  /** An event of the site came without a number: read everything at the next `hello`. */
  private stale = false;
  private gapTimer: unknown = null;
  private asking = false;
  private askAgain = false;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: LiveSequenceDeps) {
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /** The last number up to which this client holds every event meant for it. */
  get lastApplied(): number {
    return this.floor;
  }

  /** The connection dropped: events wait for the next `hello`. */
  disconnected(): void {
    this.ready = false;
    this.stopGapTimer();
  }

  /** Every event the connection receives except `hello`. */
  receive(event: string, payload: unknown): void {
    const number = numbered(payload);
    if (!number) {
      // A site's event without its number (the server could not give one): nothing tells what it
      // follows or what went missing around it.
      if (SEQUENCED.has(event) && typeof (payload as { siteId?: unknown } | null)?.siteId === 'number') {
        this.stale = true;
      }
      this.deps.deliver(event, payload);
      return;
    }
    if (!this.ready) {
      this.early.push([event, payload]);
      return;
    }
    if (number.siteId !== this.siteId) {
      this.deps.deliver(event, payload);
      return;
    }
    this.accept(number.seq, event, payload);
  }

  /** `hello` of a new connection: where the site stands. */
  hello({ siteId, board, seq }: HelloEvent): void {
    const early = this.early.splice(0);
    this.ready = true;
    if (this.siteId !== siteId || this.stale) {
      // A first connect, another site, or a number missing: what is shown is read afresh, and the
      // events after `seq` apply on top of it.
      this.siteId = siteId;
      this.board = board;
      this.reset(seq);
      this.deps.readAll();
      for (const [event, payload] of early) this.receive(event, payload);
      return;
    }
    this.board = board;
    for (const [event, payload] of early) this.receive(event, payload);
    if (seq > this.floor) this.catchUp();
  }

  private reset(seq: number): void {
    this.floor = seq;
    this.applied.clear();
    this.held.clear();
    this.stale = false;
    this.stopGapTimer();
  }

  private accept(seq: number, event: string, payload: unknown): void {
    if (seq <= this.floor || this.applied.has(seq) || this.held.has(seq)) return;
    if (!this.board) {
      // Not every number is meant for this connection: apply as it comes.
      this.applied.add(seq);
      this.deps.deliver(event, payload);
      return;
    }
    if (seq === this.floor + 1) {
      this.floor = seq;
      this.deps.deliver(event, payload);
      this.drain();
      return;
    }
    this.held.set(seq, [event, payload]);
    this.startGapTimer(GAP_WAIT_MS);
  }

  /** Applies the held events that now follow on, in order. */
  private drain(): void {
    for (let next = this.held.get(this.floor + 1); next; next = this.held.get(this.floor + 1)) {
      this.held.delete(this.floor + 1);
      this.floor += 1;
      this.deps.deliver(next[0], next[1]);
    }
    if (this.held.size === 0) this.stopGapTimer();
  }

  private startGapTimer(ms: number): void {
    if (this.gapTimer !== null) return;
    this.gapTimer = this.setTimer(() => {
      this.gapTimer = null;
      if (this.ready && this.held.size > 0) this.catchUp();
    }, ms);
  }

  private stopGapTimer(): void {
    if (this.gapTimer === null) return;
    this.clearTimer(this.gapTimer);
    this.gapTimer = null;
  }

  /** Asks the server what this connection missed since `floor`, and applies it in order. */
  private catchUp(): void {
    const siteId = this.siteId;
    if (siteId === null) return;
    if (this.asking) {
      this.askAgain = true;
      return;
    }
    this.asking = true;
    this.stopGapTimer();
    void this.deps
      .fetchMissed(siteId, this.floor)
      .then((answer) => {
        if (siteId !== this.siteId || answer.siteId !== siteId) return;
        if (answer.tooOld) {
          const held = [...this.held.entries()];
          this.reset(answer.seq);
          this.deps.readAll();
          for (const [seq, [event, payload]] of held) if (seq > answer.seq) this.accept(seq, event, payload);
          return;
        }
        for (const { event, seq, payload } of answer.events) {
          if (seq <= this.floor || this.applied.has(seq)) continue;
          this.held.delete(seq);
          this.deps.deliver(event, payload);
        }
        this.floor = Math.max(this.floor, answer.seq);
        for (const seq of [...this.applied]) if (seq <= this.floor) this.applied.delete(seq);
        for (const seq of [...this.held.keys()]) if (seq <= this.floor) this.held.delete(seq);
        this.drain();
        if (this.held.size > 0) this.startGapTimer(GAP_WAIT_MS);
      })
      .then(
        () => false,
        () => true,
      )
      .then((failed) => {
        this.asking = false;
        if (this.askAgain) {
          this.askAgain = false;
          this.catchUp();
        } else if (failed && this.ready) {
          // Asked again a little later while connected (a reconnect asks anyway).
          this.setTimer(() => {
            if (this.ready) this.catchUp();
          }, RETRY_MS);
        }
      });
  }
}
