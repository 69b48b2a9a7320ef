import { useEffect, useState } from 'react';

/** Whether the screen is being kept awake: on, let go (the page was hidden), refused, or not offered here. */
export type WakeLockState = 'active' | 'released' | 'failed' | 'unsupported';

function wakeLockOf(): WakeLock | null {
  return typeof navigator !== 'undefined' && 'wakeLock' in navigator && navigator.wakeLock ? navigator.wakeLock : null;
}

/**
 * Keeps the screen awake while the board is open (Screen Wake Lock API). The browser lets go of
 * the lock whenever the page is hidden (another tab, the tablet's power button), so it is asked
 * for again each time the page becomes visible. Where the API is missing or the request is
 * refused (battery saver), nothing else changes.
 */
export function useWakeLock(enabled = true): WakeLockState {
  const [state, setState] = useState<WakeLockState>(() => (wakeLockOf() ? 'released' : 'unsupported'));

  useEffect(() => {
    const wakeLock = wakeLockOf();
    if (!enabled || !wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let asking = false;
    let stopped = false;

    const acquire = async () => {
      if (stopped || asking || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      asking = true;
      try {
        const next = await wakeLock.request('screen');
        if (stopped) {
          void next.release().catch(() => undefined);
          return;
        }
        sentinel = next;
        setState('active');
        next.addEventListener('release', () => {
          if (!stopped) setState('released');
        });
      } catch {
        if (!stopped) setState('failed');
      } finally {
        asking = false;
      }
    };
    const handleVisibility = () => {
      if (document.visibilityState === 'visible') void acquire();
    };

    void acquire();
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', handleVisibility);
      // Turned off while held: the lock goes, and the state must not keep saying the screen stays on.
      if (sentinel && !sentinel.released) setState('released');
      void sentinel?.release().catch(() => undefined);
    };
  }, [enabled]);

  return state;
}
