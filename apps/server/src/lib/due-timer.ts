import type { ClusterBus } from '../realtime/bus';
import { CLOCK_TOPIC } from './clock';

/** Runs a little after the instant, so the clock has passed it. */
const SLACK_MS = 25;

export interface DueTimer {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
  /** Runs now (after the run under way): something this process did is due at once. */
  wake(): void;
}

export interface DueTimerOptions {
  /**
   * Does what is due at this instant and answers when something is next due (null: nothing
   * known). A throw is logged by `onError` and retried after `retryMs`.
   */
  run(): Promise<Date | null>;
  now(): Date;
  /** The longest pause between two runs: what another process changed is noticed within it. */
  maxPauseMs: number;
  /** After a failed run (the database away), try again this soon. */
  retryMs: number;
  onError(error: unknown): void;
  /**
   * The bus topics that may bring the next instant closer, from any process: the timer runs again
   * on each (and on a test server's clock being set, always).
   */
  bus: ClusterBus;
  wakeOn: readonly string[];
}

/**
 * The timer behind the server's scheduled work (the opening hours, the orders for later): one run
 * now, then at the next due instant, at least every `maxPauseMs`, and on each message of `wakeOn`.
 * Runs never overlap; a message during a run makes another run follow it at once. The timer does
 * not keep the process alive (the server's own connections do).
 */
export function startDueTimer(options: DueTimerOptions): DueTimer {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const plan = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };

  async function runOnce(): Promise<number> {
    try {
      const due = await options.run();
      if (!due) return options.maxPauseMs;
      const wait = Math.max(0, due.getTime() - options.now().getTime()) + SLACK_MS;
      return Math.min(options.maxPauseMs, wait);
    } catch (error) {
      options.onError(error);
      return options.retryMs;
    }
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = runOnce().then((pause) => {
      running = undefined;
      plan(again ? 0 : pause);
    });
    await running;
  }

  for (const topic of [...options.wakeOn, CLOCK_TOPIC]) options.bus.subscribe(topic, () => void tick());
  plan(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    wake() {
      void tick();
    },
  };
}
