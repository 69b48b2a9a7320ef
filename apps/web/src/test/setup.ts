import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { i18n, loadEverything, startLanguage } from '@/i18n';
import type * as Socket from '@/lib/socket';
import * as fakeLive from './fake-live';
import { WAIT_MS } from './waits';

// No test opens the live channel: the socket module's connection is replaced for every file, its
// hooks kept (test/fake-live.ts, which the tests drive with `live`). Here, in the setup file every
// web file runs, and not in each test file, so the files that share one module graph (the root
// vitest.config.ts, project `web`) all get it; a file that mocks '@/lib/socket' itself overrides it.
vi.mock('@/lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof Socket>()),
  ...(await import('./fake-live')).connection,
}));

// Screens render in English, with every catalogue loaded (the router would load a screen's part
// with its code). A message that no catalogue has fails the test that shows it.
await loadEverything('en');
await startLanguage('en');
i18n.on('missing', ({ id, locale }) => {
  throw new Error(`No "${id}" message in the ${locale} catalogues (src/locales/${locale})`);
});

// findBy and waitFor wait up to WAIT_MS (1 s by default) for what the screen should show: a machine
// busy with other work can take seconds to load a screen's part, and a test that waits for
// something that never comes still fails.
configure({ asyncUtilTimeout: WAIT_MS });

// jsdom has no ResizeObserver; Radix radio items measure themselves with it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom has no pointer capture; a toast (sonner) captures the pointer when pressed, to be swiped away.
if (typeof Element.prototype.setPointerCapture !== 'function') {
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
  Element.prototype.hasPointerCapture = () => false;
}

/**
 * Every test starts at an ordinary moment of the cafe's week, a Wednesday at 10:00 in Bangkok (the
 * test settings' zone), and the clock runs on from there, not at the machine's moment: from 12:00
 * on a Friday the cafe menu is closed, and a screen tested then would be too. A test that needs
 * another moment sets its own (`vi.useFakeTimers`, `vi.setSystemTime`).
 */
const ORDINARY_MOMENT = new Date('2026-11-18T03:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(ORDINARY_MOMENT);
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  fakeLive.resetLive();
  localStorage.clear();
  if (i18n.locale !== 'en') i18n.activate('en');
});

// The toasts live in one store for the whole file, and a Toaster shows every toast of it that is
// still active when it mounts: a toast whose Toaster was unmounted before its time ran out would
// show in the next test's screen (an English "Closed on Monday, ..." in a Thai screen, on the days
// that date is a Monday). Each test starts with none, whatever the one before left.
beforeEach(() => {
  toast.dismiss();
});

// A toast that was leaving when its Toaster unmounted still removes itself 200 ms later (sonner's
// TIME_BEFORE_UNMOUNT), through React, which reads `window`: let those timers run before the file's
// environment goes away. Timers fire in the order they are due, so this one comes after them
// however slow the machine is.
const SONNER_UNMOUNT_MS = 200;
afterAll(() => new Promise((resolve) => setTimeout(resolve, SONNER_UNMOUNT_MS + 50)));

// A file that reset the module graph (vi.resetModules) leaves its modules loaded since then bound
// to the replaced socket module of before, which a reset keeps: in the graph the next files share
// (the root vitest.config.ts, project `web`), their screens would listen where `live` no longer
// delivers. Such a file's graph goes with it; the next file loads the app afresh, with the socket
// module replaced anew.
afterAll(async () => {
  if ((await import('./fake-live')) !== fakeLive) vi.resetModules();
});
