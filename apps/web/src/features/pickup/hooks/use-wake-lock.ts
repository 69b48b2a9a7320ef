import { useEffect } from 'react';

interface WakeLockSentinelLike {
  release(): Promise<void>;
  addEventListener?(type: 'release', listener: () => void): void;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/**
 * Keeps the screen on while the page shows (the Screen Wake Lock API). The browser lets the lock
 * go whenever the page is hidden, so it is asked for again each time the page is visible again. A
 * browser without the API, or one that refuses (no secure context, low battery), changes nothing.
 */
export function useWakeLock(enabled = true): void {
  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined') return;
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    if (!wakeLock || typeof wakeLock.request !== 'function') return;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;

    const request = () => {
      if (stopped || document.visibilityState !== 'visible' || sentinel) return;
      wakeLock.request('screen').then(
        (lock) => {
          if (stopped) {
            void lock.release().catch(() => undefined);
            return;
          }
          sentinel = lock;
          lock.addEventListener?.('release', () => {
            if (sentinel === lock) sentinel = null;
          });
        },
        () => undefined,
      );
    };
    const onVisibility = () => {
      // A hidden page has lost its lock already.
      if (document.visibilityState !== 'visible') sentinel = null;
      else request();
    };

    request();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
      sentinel = null;
    };
  }, [enabled]);
}
