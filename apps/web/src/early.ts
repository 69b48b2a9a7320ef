// The page's first script (index.html): it starts the reads the first screen waits for while the
// app's own code is still on its way. It imports nothing else, so it arrives and runs at once.
import { startEarlyReads } from './lib/early-reads';

startEarlyReads(window.location.pathname);
