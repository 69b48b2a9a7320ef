import { formatLocale, i18n } from '@/i18n';

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

/** What the browser says about location sharing for this site, before asking for a position. */
export type PermissionAnswer = 'granted' | 'denied' | 'prompt' | 'unknown';

/**
 * Asks the Permissions API (no prompt). `onChange` hears a later change (the person allows
 * location in the site settings); the returned function stops listening. Browsers without the API,
 * or without "geolocation" in it, answer 'unknown'.
 */
export async function watchLocationPermission(
  onChange?: (answer: PermissionAnswer) => void,
): Promise<{ answer: PermissionAnswer; stop: () => void }> {
  const none = { answer: 'unknown' as const, stop: () => undefined };
  if (typeof navigator === 'undefined' || !('permissions' in navigator) || !navigator.permissions) return none;
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    const handleChange = () => onChange?.(status.state);
    status.addEventListener('change', handleChange);
    return { answer: status.state, stop: () => status.removeEventListener('change', handleChange) };
  } catch {
    return none;
  }
}

/**
 * A distance in words: metres under a kilometre (to 10 m), else kilometres (two decimals under
 * 2 km, so 1.04 km is not shown as the 1 km radius it exceeds; one decimal up to 100 km), with
 * the numbers and units of the current language.
 */
export function formatDistance(km: number): string {
  const number = (value: number, maximumFractionDigits: number) =>
    new Intl.NumberFormat(formatLocale(), { maximumFractionDigits }).format(value);
  if (km < 1) return i18n._('order.distance.metres', { distance: number(Math.round((km * 1000) / 10) * 10, 0) });
  if (km < 2) return i18n._('order.distance.km', { distance: number(km, 2) });
  if (km < 100) return i18n._('order.distance.km', { distance: number(km, 1) });
  return i18n._('order.distance.km', { distance: number(km, 0) });
}
