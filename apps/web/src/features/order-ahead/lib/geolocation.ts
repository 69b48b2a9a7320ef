export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Why no position could be read. */
export type PositionProblem = 'unsupported' | 'denied' | 'unavailable';

export type PositionResult = { ok: true; coords: Coordinates } | { ok: false; problem: PositionProblem };

/** Reads the device position once; never rejects. */
export function readPosition(timeoutMs = 10_000): Promise<PositionResult> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
    return Promise.resolve({ ok: false, problem: 'unsupported' });
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ ok: true, coords: { latitude: position.coords.latitude, longitude: position.coords.longitude } }),
      (error) => resolve({ ok: false, problem: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
