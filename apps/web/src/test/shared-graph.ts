import { onlineManager } from '@tanstack/react-query';
import { afterEach } from 'vitest';
import { resetNetwork } from './network';
import { resetSeed } from './render';

/**
 * The second setup file of the files that share one module graph a worker (the root
 * vitest.config.ts, project `web`). A helper's own `afterEach` registers once a graph, for the first
 * file that imports it: here each file registers them again. Not for the files that mock a module
 * (`web-isolated`): what a setup file imports is loaded before a test file's `vi.mock` takes effect.
 */
afterEach(() => {
  resetSeed();
  resetNetwork();
  // React Query's own idea of the network, one for the graph: a file that took the network away
  // would leave the next one's mutations paused.
  onlineManager.setOnline(true);
});
