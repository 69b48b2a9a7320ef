/*
 * "The first screen is on the page." What a person does not need to see that screen (the live
 * connection's client, the toast library, the sign-in dialog) waits for it, so it neither takes
 * the network from the screen's own code and data nor its main-thread time.
 */

let shown = false;
let marked = false;
const waiting = new Set<() => void>();

/** Runs `run` once the first screen has been painted (at once if it has). Gives a cancel. */
export function whenFirstScreenShown(run: () => void): () => void {
  if (shown) {
    run();
    return () => undefined;
  }
  waiting.add(run);
  return () => {
    waiting.delete(run);
  };
}

/** The first screen has just been committed: let the browser paint it, then start the rest. */
export function markFirstScreenShown(): void {
  if (marked) return;
  marked = true;
  setTimeout(() => {
    shown = true;
    for (const run of [...waiting]) run();
    waiting.clear();
  }, 0);
}
