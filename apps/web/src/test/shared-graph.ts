import { onlineManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useMoveQueueStore } from '@/lib/move-queue-store';
import { useStaffSiteChoice } from '@/lib/site-choice';
import { useToasterPlacementStore } from '@/lib/toaster-placement';
import { resetNetwork } from './network';
import { resetSeed } from './render';

/**
 * The second setup file of the files that share one module graph a worker (the root
 * vitest.config.ts, project `web`). A helper's own `afterEach` registers once a graph, for the first
 * file that imports it: here each file registers them again. Not for the files that mock a module
 * (`web-isolated`): what a setup file imports is loaded before a test file's `vi.mock` takes effect.
 * (The live channel's fake, test/fake-live.ts, is every web file's: test/setup.ts resets it.)
 */
afterEach(() => {
  // The screens go first (test/setup.ts would unmount them only after this): they would follow
  // what is reset below.
  cleanup();
  resetSeed();
  resetNetwork();
  // React Query's own idea of the network, one for the graph: a file that took the network away
  // would leave the next one's mutations paused.
  onlineManager.setOnline(true);
  // The app's own stores, one a graph as well, back to how a page starts (its device storage is
  // cleared after each test, test/setup.ts): a board switched to another site would leave the next
  // file's screens, and its live channel, on that site.
  useStaffSiteChoice.setState({ siteId: null });
  useMoveQueueStore.setState(useMoveQueueStore.getInitialState(), true);
  useToasterPlacementStore.setState(useToasterPlacementStore.getInitialState(), true);
});
