import { useEffect } from 'react';
import { create } from 'zustand';
import { useConnectivity } from './connectivity';
import { connectListeners } from './live-listeners';
import {
  localMoveStorage,
  replayMoves,
  sendMove,
  type MoveStorage,
  type QueuedMove,
  type RefusedMove,
  type ReplayOutcome,
} from './move-queue';

/** While taps wait, how often the queue tries again besides the browser's online event and the live reconnect. */
const RETRY_EVERY_MS = 10_000;

interface MoveQueueState {
  /** The local-storage key of the queue in use (the signed-in person at this site); null: none. */
  storageKey: string | null;
  /** The taps waiting, oldest first. */
  moves: QueuedMove[];
  /** Taps the server refused meanwhile, until dismissed. */
  refusals: RefusedMove[];
}

/** The queue of taps of the screen in use (lib/move-queue.ts), as the screens show it. */
export const useMoveQueueStore = create<MoveQueueState>(() => ({ storageKey: null, moves: [], refusals: [] }));

/** What follows each replay (the screens read the orders again, announce what happened). */
const replayListeners = new Set<(outcome: ReplayOutcome) => void>();

/** The storage of the queue in use, which keeps the store's copy in step. */
function currentStorage(): MoveStorage | null {
  const { storageKey } = useMoveQueueStore.getState();
  if (!storageKey) return null;
  const stored = localMoveStorage(storageKey);
  return {
    load: () => stored.load(),
    save(moves) {
      stored.save(moves);
      if (useMoveQueueStore.getState().storageKey === storageKey) useMoveQueueStore.setState({ moves: [...moves] });
    },
  };
}

/** Uses the queue kept under `storageKey` (null: none), read from local storage. */
export function openMoveQueue(storageKey: string | null): void {
  const moves = storageKey ? localMoveStorage(storageKey).load() : [];
  const same = useMoveQueueStore.getState().storageKey === storageKey;
  useMoveQueueStore.setState((state) => ({ storageKey, moves, refusals: same ? state.refusals : [] }));
}

/** Whether a new tap must wait in the queue: offline, or earlier taps still wait (the order is kept). */
export function mustQueue(): boolean {
  return !useConnectivity.getState().online || useMoveQueueStore.getState().moves.length > 0;
}

/** Keeps a tap (with its key) to send in order, and tries to send the queue at once. */
export function queueMove(move: QueuedMove): void {
  const storage = currentStorage();
  if (!storage) return;
  storage.save([...storage.load(), move]);
  void replayQueue();
}

let running: Promise<ReplayOutcome | null> | null = null;

/** Sends the waiting taps in order (one replay at a time); the refused ones are kept to be shown. */
export function replayQueue(): Promise<ReplayOutcome | null> {
  if (running) return running;
  const replay = (async () => {
    const storage = currentStorage();
    // Offline the browser would only fail each request: the online event starts the replay.
    if (!storage || storage.load().length === 0 || !useConnectivity.getState().online) return null;
    const outcome = await replayMoves(storage, sendMove);
    if (outcome.refused.length > 0) {
      useMoveQueueStore.setState((state) => ({ refusals: [...state.refusals, ...outcome.refused] }));
    }
    for (const listener of replayListeners) listener(outcome);
    return outcome;
  })();
  running = replay;
  replay
    .finally(() => {
      if (running === replay) running = null;
    })
    .catch(() => undefined);
  return replay;
}

export function dismissRefusal(key: string): void {
  useMoveQueueStore.setState((state) => ({ refusals: state.refusals.filter((r) => r.move.key !== key) }));
}

/**
 * The queue of the signed-in person at a place (`storageKey`), for a screen: read on opening (a
 * reload sends what waited), sent again when the browser is back online, when the live connection
 * reconnects, and every few seconds while taps wait. `onReplayed` follows each replay.
 */
export function useMoveQueue(storageKey: string | null, onReplayed?: (outcome: ReplayOutcome) => void) {
  const state = useMoveQueueStore();
  useEffect(() => {
    openMoveQueue(storageKey);
    void replayQueue();
    const replay = () => void replayQueue();
    window.addEventListener('online', replay);
    connectListeners.add(replay);
    return () => {
      window.removeEventListener('online', replay);
      connectListeners.delete(replay);
    };
  }, [storageKey]);
  const waiting = state.moves.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void replayQueue(), RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
  useEffect(() => {
    if (!onReplayed) return;
    replayListeners.add(onReplayed);
    return () => {
      replayListeners.delete(onReplayed);
    };
  }, [onReplayed]);
  return {
    moves: state.storageKey === storageKey ? state.moves : [],
    refusals: state.storageKey === storageKey ? state.refusals : [],
  };
}

/** The orders with a tap still waiting. */
export function queuedOrderIds(moves: readonly QueuedMove[]): ReadonlySet<number> {
  return new Set(moves.map((m) => m.orderId));
}
